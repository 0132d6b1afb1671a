package dev.concurrencylab.sut.mvc.posts;

import dev.concurrencylab.workload.posts.DemoRow;
import dev.concurrencylab.workload.posts.NewPost;
import dev.concurrencylab.workload.posts.PostSql;
import dev.concurrencylab.workload.posts.PostView;
import java.util.Optional;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** JDBC through HikariCP: blocks the calling thread, platform or virtual. */
@Repository
class PostRepository {

    private static final RowMapper<PostView> POST = (rs, n) ->
            new PostView(rs.getLong("id"), rs.getLong("user_id"), rs.getString("title"), rs.getString("body"));

    private final JdbcClient jdbc;

    PostRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<PostView> find(long id) {
        return jdbc.sql(PostSql.SELECT_POST).param("id", id).query(POST).optional();
    }

    PostView insert(NewPost post) {
        return jdbc.sql(PostSql.INSERT_POST).param("userId", post.userId()).param("title", post.title())
                .param("body", post.body() == null ? "" : post.body()).query(POST).single();
    }

    DemoRow demo() {
        return jdbc.sql(PostSql.SELECT_DEMO).query((rs, n) -> new DemoRow(rs.getLong("id"), rs.getString("name"))).single();
    }
}
