-- Crons: filled in by the crons work (issue 25).
SELECT 1;
