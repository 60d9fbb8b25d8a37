-- A task's developer or an admin takes a task without paying (the order is recorded, no money
-- moves): marked here so the answer and the books can tell it from a 100 % discount.
ALTER TABLE orders ADD COLUMN free_take boolean NOT NULL DEFAULT false;
ALTER TABLE orders ADD CONSTRAINT orders_free_take_unpaid CHECK (NOT free_take OR price = 0);
