-- Reserved for issue 38's back-office work; filled by its part. An empty migration is one harmless statement.
SELECT 1;
