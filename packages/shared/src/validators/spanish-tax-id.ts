// Spanish tax identifiers with their check characters, so a typo ("123", a wrong letter) is caught
// before an invoice carries it (docs/decisions.md §22.5). Formats from the Spanish tax agency's
// rules: DNI/NIF (Real Decreto 1553/2005), NIE (Orden INT/2058/2008), CIF/NIF of companies
// (Orden EHA/451/2008).

/** The DNI check letter is "TRWAGMYFPDXBNJZSQVHLCKE"[number mod 23]. */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** A company NIF's control as a letter: "JABCDEFGHI"[control digit]. */
const CIF_CONTROL_LETTERS = 'JABCDEFGHI';
/** Company types whose control is always a letter (public bodies, foreign entities, non-residents). */
const CIF_LETTER_CONTROL = 'NPQRSW';
/** Company types whose control is always a digit (sociedades anónimas, limitadas, comunidades de bienes, de propietarios). */
const CIF_DIGIT_CONTROL = 'ABEH';
const CIF_TYPES = 'ABCDEFGHJNPQRSUVW';

/** Upper case, without the spaces, dots and dashes people type inside an identifier. */
export function compactTaxId(raw: string): string {
  return raw.toUpperCase().replace(/[\s.-]/g, '');
}

/** The check letter of a DNI number (up to 8 digits): 12345678 → Z. */
export function dniLetter(digits: string): string {
  return DNI_LETTERS[Number(digits) % 23]!;
}

/** DNI/NIF of a person: 8 digits and their letter (12345678Z). K, L and M NIFs: the letter and 7 digits. */
export function isValidNif(raw: string): boolean {
  const id = compactTaxId(raw);
  const dni = /^(\d{8})([A-Z])$/.exec(id);
  if (dni) return dniLetter(dni[1]!) === dni[2];
  const klm = /^[KLM](\d{7})([A-Z])$/.exec(id);
  return klm ? dniLetter(klm[1]!) === klm[2] : false;
}

/** NIE of a foreign resident: X, Y or Z (read as 0, 1, 2), 7 digits and the DNI letter (X1234567L). */
export function isValidNie(raw: string): boolean {
  const nie = /^([XYZ])(\d{7})([A-Z])$/.exec(compactTaxId(raw));
  if (!nie) return false;
  const number = String('XYZ'.indexOf(nie[1]!)) + nie[2]!;
  return dniLetter(number) === nie[3];
}

/** CIF (NIF of a company): its type letter, 7 digits and a control digit or letter (B12345674). */
export function isValidCif(raw: string): boolean {
  const cif = /^([A-Z])(\d{7})([0-9A-J])$/.exec(compactTaxId(raw));
  if (!cif || !CIF_TYPES.includes(cif[1]!)) return false;
  const [, type, digits, control] = cif as unknown as [string, string, string, string];
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const n = Number(digits[i]);
    // Positions 1, 3, 5, 7 (odd, counting from 1) are doubled and their digits added.
    if (i % 2 === 0) sum += Math.floor((n * 2) / 10) + ((n * 2) % 10);
    else sum += n;
  }
  const digit = (10 - (sum % 10)) % 10;
  const letter = CIF_CONTROL_LETTERS[digit]!;
  if (CIF_LETTER_CONTROL.includes(type)) return control === letter;
  if (CIF_DIGIT_CONTROL.includes(type)) return control === String(digit);
  return control === letter || control === String(digit);
}

/** Any Spanish tax identifier a customer may invoice under: NIF/DNI, NIE or CIF. */
export function isValidSpanishTaxId(raw: string): boolean {
  return isValidNif(raw) || isValidNie(raw) || isValidCif(raw);
}
