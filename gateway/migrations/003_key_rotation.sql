-- Key rotation: a successor key names the key it replaces; `keys list` and the admin route show the lineage.
ALTER TABLE auth.api_keys ADD COLUMN rotated_from text REFERENCES auth.api_keys (key_id);
CREATE INDEX api_keys_rotated_from ON auth.api_keys (rotated_from) WHERE rotated_from IS NOT NULL;
