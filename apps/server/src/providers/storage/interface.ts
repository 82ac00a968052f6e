/**
 * Where uploaded files live. Keys are relative paths the application chooses
 * ('avatars/<random>.webp'), never names sent by a client.
 */
export interface FileStorage {
  readonly name: 'disk';
  /** Stores `data` under `key`. Readers never see a half-written file. */
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes stored under `key`, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes `key`; removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
}

/** A folder, then a file name of safe characters with an extension. Nothing else is a key. */
export const STORAGE_KEY_PATTERN = /^[a-z]{1,32}\/[A-Za-z0-9_-]{1,128}\.[a-z0-9]{1,8}$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
