// A time zone as a reader says it (issue 27 item 7): «hora peninsular española», «hora de
// Canarias», or the zone's city, never the IANA name («Europe/Madrid») the code keeps.

/** Spain's zones by the names Spaniards use. */
const SPAIN: Record<string, { es: string; en: string }> = {
  'Europe/Madrid': { es: 'hora peninsular española', en: 'Spanish peninsular time' },
  'Atlantic/Canary': { es: 'hora de Canarias', en: 'Canary Islands time' },
  'Africa/Ceuta': { es: 'hora de Ceuta', en: 'Ceuta time' },
};

/** The city of an IANA zone: 'America/Argentina/Buenos_Aires' → 'Buenos Aires'. */
function cityOf(timeZone: string): string {
  return (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');
}

/** «hora peninsular española», «hora de Lisbon»; in English «Spanish peninsular time», «Lisbon time». */
export function timeZoneInWords(timeZone: string, language = 'es'): string {
  const english = language.startsWith('en');
  const spain = SPAIN[timeZone];
  if (spain) return english ? spain.en : spain.es;
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return english ? 'UTC' : 'hora UTC';
  return english ? `${cityOf(timeZone)} time` : `hora de ${cityOf(timeZone)}`;
}
