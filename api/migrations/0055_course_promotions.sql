-- Every 1 September (Kyiv) each student moves one course up, and a 4th-year student is asked
-- to choose again (course 0), as the product's backend did. One row per academic year that
-- was promoted: the job (modules/users/jobs.ts) inserts the year whose 1 September has passed
-- and promotes only when that insert was its own, so the step happens once per year however
-- many instances run it, and a server that was down on the day catches up when it starts.
CREATE TABLE course_promotions (
  year smallint PRIMARY KEY,
  promoted_at timestamptz NOT NULL DEFAULT now(),
  -- how many students moved (4th-year students included)
  promoted integer NOT NULL DEFAULT 0
);

-- The academic year already under way when this ships counts as promoted: the courses users
-- chose are this year's, and moving them now would be a year early.
INSERT INTO course_promotions (year)
SELECT CASE WHEN (now() AT TIME ZONE 'Europe/Kyiv')::date >= make_date(extract(year FROM now() AT TIME ZONE 'Europe/Kyiv')::int, 9, 1)
            THEN extract(year FROM now() AT TIME ZONE 'Europe/Kyiv')::int
            ELSE extract(year FROM now() AT TIME ZONE 'Europe/Kyiv')::int - 1 END;
