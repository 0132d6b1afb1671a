package dev.concurrencylab.sut.webflux.posts;

import dev.concurrencylab.sut.common.web.WorkThreadHeader;
import dev.concurrencylab.sut.webflux.scheduling.OnThread;
import dev.concurrencylab.sut.webflux.scheduling.WorkSchedulers;
import dev.concurrencylab.workload.posts.DemoRow;
import dev.concurrencylab.workload.posts.NewPost;
import dev.concurrencylab.workload.posts.PostSql;
import dev.concurrencylab.workload.posts.PostView;
import java.util.concurrent.Callable;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * Blocking JDBC inside a reactive app: on the event loop ({@code webflux-jdbc-on-loop}, E3/E4's
 * anti-pattern) or on {@code boundedElastic} ({@code webflux-elastic}, the documented remedy).
 */
@Repository
@ConditionalOnProperty(name = "sut.webflux.database", havingValue = "jdbc")
class JdbcPostStore implements PostStore {

    private static final RowMapper<PostView> POST = (rs, n) ->
            new PostView(rs.getLong("id"), rs.getLong("user_id"), rs.getString("title"), rs.getString("body"));

    private final JdbcClient jdbc;
    private final Scheduler scheduler;
    private final boolean record;

    JdbcPostStore(JdbcClient jdbc, WorkSchedulers schedulers, WorkThreadHeader header) {
        this.jdbc = jdbc;
        this.scheduler = schedulers.jdbc();
        this.record = header.enabled();
    }

    @Override
    public Mono<OnThread<PostView>> find(long id) {
        return Mono.fromCallable(() -> jdbc.sql(PostSql.SELECT_POST).param("id", id).query(POST).optional().orElse(null))
                .map(post -> OnThread.here(post, record)).subscribeOn(scheduler);
    }

    @Override
    public Mono<OnThread<PostView>> insert(NewPost post) {
        return blocking(() -> jdbc.sql(PostSql.INSERT_POST).param("userId", post.userId()).param("title", post.title())
                .param("body", post.body() == null ? "" : post.body()).query(POST).single());
    }

    @Override
    public Mono<OnThread<DemoRow>> demo() {
        return blocking(() -> jdbc.sql(PostSql.SELECT_DEMO)
                .query((rs, n) -> new DemoRow(rs.getLong("id"), rs.getString("name"))).single());
    }

    private <T> Mono<OnThread<T>> blocking(Callable<T> call) {
        return Mono.fromCallable(() -> OnThread.here(call.call(), record)).subscribeOn(scheduler);
    }
}
