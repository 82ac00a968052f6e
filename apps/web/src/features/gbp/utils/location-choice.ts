/** The location to show: the remembered one while it is still listed, otherwise the first; null without any. */
export function chooseLocation(locations: readonly { name: string }[], remembered: string | null): string | null {
  if (remembered && locations.some((l) => l.name === remembered)) return remembered;
  return locations[0]?.name ?? null;
}

/** The localStorage key of the chosen location, per user (two people may share a browser). */
export const locationStorageKey = (userId: string) => `gbpLocation:${userId}`;
