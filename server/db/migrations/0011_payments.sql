-- Reserved for its issue's tables (placeholder until written).
SELECT 1;
