-- Receiving (issue 51): a receipt's lines over the count policy are approved with a reason for receiving, and
-- WRONG_ITEM joins VENDOR_SHORT and DAMAGED among them (RECEIPT_REASON_CODES in the contracts). Companies made before
-- get it here; new companies get it with the default list (DEFAULT_REASON_CODES) in the transaction that creates them.
INSERT INTO "reason_codes" ("company_id", "code", "label")
SELECT c."id", 'WRONG_ITEM', 'Wrong item'
FROM "companies" c
WHERE EXISTS (SELECT 1 FROM "reason_codes" r WHERE r."company_id" = c."id")
ORDER BY c."id"
ON CONFLICT DO NOTHING;
