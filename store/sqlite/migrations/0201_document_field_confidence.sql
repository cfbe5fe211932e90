-- Each document's confidence per extracted field, a JSON object such as
-- {"InvoiceNumber":0.95,"lineItems":0.8}; NULL when the reader gave none.
ALTER TABLE documents ADD COLUMN field_confidence BLOB;
