-- Export batches and runs in the order they were made, also when several are made in the same
-- millisecond (a batch of enqueues, a worker's quick retries): created_at alone ties, and the ids
-- are random. Rows that exist get numbers in their current order.
CREATE SEQUENCE export_batch_order;
ALTER TABLE export_batches ADD COLUMN made_seq BIGINT DEFAULT nextval('export_batch_order');
CREATE SEQUENCE export_run_order;
ALTER TABLE export_runs ADD COLUMN made_seq BIGINT DEFAULT nextval('export_run_order');
