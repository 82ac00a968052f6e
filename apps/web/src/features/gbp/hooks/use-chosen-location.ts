import { useCallback, useState } from 'react';
import { chooseLocation, locationStorageKey } from '../utils/location-choice';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // Storage disabled: the choice lasts for the visit only.
  }
}

/** The location shown on Estadísticas: the user's last choice (localStorage) while it is listed, else the first. */
export function useChosenLocation(userId: string, locations: readonly { name: string }[] | undefined) {
  const key = locationStorageKey(userId);
  const [remembered, setRemembered] = useState(() => read(key));
  const chosen = locations ? chooseLocation(locations, remembered) : null;
  const choose = useCallback(
    (name: string) => {
      setRemembered(name);
      try {
        localStorage.setItem(key, name);
      } catch {
        // See read().
      }
    },
    [key],
  );
  return [chosen, choose] as const;
}
