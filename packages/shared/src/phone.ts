/**
 * A number as it is dialled: its digits, and '+44' for the country however it is written, so '+44 (0)7700 900123'
 * and '0044 7700 900123' are both '+447700900123' (a 'tel:' link to '+4407700…' reaches no one). A module of its
 * own: the shop's call links need it on every page, and nothing else of the form rules.
 */
export const dialledPhone = (s: string) => s.replace(/[^\d+]/g, '').replace(/^(?:\+|00)440?/, '+44');
