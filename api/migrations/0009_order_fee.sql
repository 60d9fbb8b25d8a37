-- The platform fee is part of the terms of a sale: fixed when the order is placed, so a later
-- change of PLATFORM_FEE_PERCENT never changes what the developer of an open order receives.
ALTER TABLE orders ADD COLUMN platform_fee_percent smallint NOT NULL DEFAULT 0
  CHECK (platform_fee_percent BETWEEN 0 AND 100);
