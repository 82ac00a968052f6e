/**
 * The days of a week in the order every calendar and day list shows them: Monday first, as a
 * Spanish week is read (issue 27). The values stay JavaScript's: 0 = Sunday … 6 = Saturday.
 */
export const WEEK_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;
