INSERT INTO posts (id, user_id, title, body, created_at)
SELECT g, 1 + (g % 100), 'Post ' || g, 'Body of post ' || g || ': ' || repeat('lorem ipsum ', 8), TIMESTAMP WITH TIME ZONE '2025-01-01 00:00:00+00' + g * INTERVAL '1 minute'
FROM generate_series(1, 10000) AS g
ON CONFLICT (id) DO NOTHING;
SELECT setval(pg_get_serial_sequence('posts', 'id'), GREATEST((SELECT max(id) FROM posts), 10000));
INSERT INTO demo (id, name) VALUES (1, 'demo') ON CONFLICT (id) DO NOTHING;
