// A local Slack-compatible receiver for development: `npm run slack-receiver` (port 4455, or
// SLACK_RECEIVER_PORT). Prints every message it gets; point a webhook at the URL it shows.
import { startSlackReceiver } from './slack-receiver';

const receiver = await startSlackReceiver(Number(process.env.SLACK_RECEIVER_PORT ?? 4455), {
  onReceived: (m) => console.log(`[${m.at.toISOString()}] ${m.path}\n${JSON.stringify(m.body, null, 2)}`),
});
console.log(`Receptor de webhooks tipo Slack escuchando. URL de ejemplo: ${receiver.url()}`);
