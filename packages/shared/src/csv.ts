/**
 * The CSV files of the product and repair lists (issue 20): the columns, in the forms' order and with the forms'
 * labels, each naming the form field it fills. A file's header may use the label or the field name in any letter
 * case; other columns are ignored.
 */

export interface CsvColumn<F extends string = string> {
  field: F;
  label: string;
}

export const REPAIR_CSV_COLUMNS = [
  { field: 'productname', label: 'Product Name' },
  { field: 'model', label: 'Model' },
  { field: 'repair', label: 'Repair' },
  { field: 'price', label: 'Price' },
  // When the price was last changed, as exported: an import refuses to overwrite a price changed after it.
  { field: 'updated', label: 'Updated' },
] as const satisfies readonly CsvColumn[];

export const PRODUCT_CSV_COLUMNS = [
  { field: 'productname', label: 'Product Name' },
  { field: 'price', label: 'Price' },
  { field: 'stockquantity', label: 'Stock Quantity' },
  { field: 'model', label: 'Model' },
  { field: 'category', label: 'Category' },
  { field: 'ram', label: 'RAM' },
  { field: 'rom', label: 'ROM' },
  { field: 'availability', label: 'Availability' },
  { field: 'warranty', label: 'Warranty' },
  { field: 'discount', label: 'Discount' },
  { field: 'color', label: 'Color' },
  { field: 'description', label: 'Description' },
  // When the product was last changed, as exported: an import refuses to overwrite a product changed after it.
  { field: 'updated', label: 'Updated' },
] as const satisfies readonly CsvColumn[];

/** The largest CSV file an import takes, and the most rows. */
export const CSV_MAX_BYTES = 32 * 1024 * 1024;
export const CSV_MAX_ROWS = 100_000;
/** Errors listed in an import's answer; the message gives the total. */
export const CSV_MAX_ERRORS = 500;

/** What an import (or its dry run) found: rows created, updated and unchanged, and every error with its place. */
export interface ImportError {
  /** The spreadsheet row: the header is line 1. */
  line: number;
  /** The column's name in the file's header ('' for a problem of the whole row). */
  column: string;
  message: string;
}
