package dev.concurrencylab.workload.posts;

/**
 * The SQL both apps send. Named parameters work unchanged with Spring's {@code JdbcClient} and
 * R2DBC {@code DatabaseClient}, so JDBC and R2DBC variants send the same statements.
 */
public final class PostSql {

    /** Rows seeded by {@code workload/seed.sql}; ids 1..SEEDED_POSTS always exist. */
    public static final int SEEDED_POSTS = 10_000;

    public static final String SELECT_POST = "SELECT id, user_id, title, body, created_at FROM posts WHERE id = :id";

    public static final String SELECT_DEMO = "SELECT * FROM demo WHERE id = 1 LIMIT 1";

    public static final String INSERT_POST = "INSERT INTO posts (user_id, title, body) VALUES (:userId, :title, :body)"
            + " RETURNING id, user_id, title, body, created_at";

    /** Spring's SQL initializer runs these at start-up in both apps; both are idempotent. */
    public static final String SCHEMA_LOCATION = "classpath:workload/schema.sql";
    public static final String SEED_LOCATION = "classpath:workload/seed.sql";

    /** Kafka topic that {@code POST /posts} publishes saved posts to. */
    public static final String POSTS_TOPIC = "posts";

    private PostSql() {
    }
}
