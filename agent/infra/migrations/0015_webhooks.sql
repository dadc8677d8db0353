-- Webhooks: filled in by the webhooks work (issue 25).
SELECT 1;
