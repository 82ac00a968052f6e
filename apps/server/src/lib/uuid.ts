const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `s` has a UUID's shape: ids of any other shape are answered as not found before any query. */
export const isUuid = (s: string): boolean => UUID.test(s);
