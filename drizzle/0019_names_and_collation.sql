ALTER TABLE "gardeners" ADD COLUMN "family_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gardeners" ADD COLUMN "given_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- French order for names (ICU, with numbers in numeric order: « parcelle 9 » before « parcelle 10 »). The old ICU
-- spelling of the locale is the one both PGlite's ICU and PostgreSQL (15 and later) read with numbers in order.
CREATE COLLATION IF NOT EXISTS "french" (provider = icu, locale = 'fr@colNumeric=yes');
--> statement-breakpoint
-- The existing gardeners' family and given names, guessed from their name as splitName() in app/lib/text.ts does:
-- words in capitals are the family name (« DUPONT Jean »), otherwise the last word with the particles before it
-- (« Jean de La Fontaine »). The bureau corrects them on the gardener's record.
CREATE FUNCTION pg_temp.guess_name_parts(full_name text, OUT family text, OUT given text)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  words text[] := regexp_split_to_array(regexp_replace(full_name, '^\s+|\s+$', '', 'g'), '\s+');
  n int := array_length(words, 1);
  capitals text[] := '{}';
  others text[] := '{}';
  w text;
  start int;
BEGIN
  IF words = '{""}' THEN
    family := '';
    given := '';
    RETURN;
  END IF;
  FOREACH w IN ARRAY words LOOP
    IF char_length(w) >= 2 AND w = upper(w) AND w <> lower(w) THEN
      capitals := capitals || w;
    ELSE
      others := others || w;
    END IF;
  END LOOP;
  IF cardinality(capitals) > 0 AND cardinality(others) > 0 THEN
    family := array_to_string(capitals, ' ');
    given := array_to_string(others, ' ');
    RETURN;
  END IF;
  start := n;
  WHILE start > 2 AND lower(words[start - 1]) = ANY (ARRAY['de', 'du', 'des', 'd''', 'le', 'la', 'les', 'van', 'von',
      'der', 'den', 'da', 'das', 'do', 'dos', 'di', 'del', 'della', 'ben', 'el', 'al', 'ter', 'ten']) LOOP
    start := start - 1;
  END LOOP;
  family := array_to_string(words[start:n], ' ');
  given := array_to_string(words[1:start - 1], ' ');
END
$$;
--> statement-breakpoint
UPDATE "gardeners" SET ("family_name", "given_names") = (SELECT family, given FROM pg_temp.guess_name_parts("name"));
--> statement-breakpoint
DROP FUNCTION pg_temp.guess_name_parts(text);
