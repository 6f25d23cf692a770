-- When Shopify refused a connected store's stored tokens or their renewal (decision 033): Store Settings asks for a
-- reinstall until an Admin API call succeeds again or an install stores a new pair. Null: not refused since.
ALTER TABLE "shops" ADD COLUMN "access_refused_at" timestamp with time zone;
