package dev.concurrencylab.sut.webflux.posts;

import dev.concurrencylab.sut.common.web.WorkThreadHeader;
import dev.concurrencylab.sut.webflux.scheduling.OnThread;
import dev.concurrencylab.workload.posts.DemoRow;
import dev.concurrencylab.workload.posts.NewPost;
import dev.concurrencylab.workload.posts.PostSql;
import dev.concurrencylab.workload.posts.PostView;
import io.r2dbc.spi.Readable;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The idiomatic form ({@code webflux}, {@code webflux-parallel}): non-blocking R2DBC. */
@Repository
@ConditionalOnProperty(name = "sut.webflux.database", havingValue = "r2dbc", matchIfMissing = true)
class R2dbcPostStore implements PostStore {

    private final DatabaseClient db;
    private final boolean record;

    R2dbcPostStore(DatabaseClient db, WorkThreadHeader header) {
        this.db = db;
        this.record = header.enabled();
    }

    @Override
    public Mono<OnThread<PostView>> find(long id) {
        return db.sql(PostSql.SELECT_POST).bind("id", id).map(R2dbcPostStore::post).one()
                .map(post -> OnThread.here(post, record));
    }

    @Override
    public Mono<OnThread<PostView>> insert(NewPost post) {
        return db.sql(PostSql.INSERT_POST).bind("userId", post.userId()).bind("title", post.title())
                .bind("body", post.body() == null ? "" : post.body()).map(R2dbcPostStore::post).one()
                .map(saved -> OnThread.here(saved, record));
    }

    @Override
    public Mono<OnThread<DemoRow>> demo() {
        return db.sql(PostSql.SELECT_DEMO).map(row -> new DemoRow(row.get("id", Long.class), row.get("name", String.class)))
                .one().map(demo -> OnThread.here(demo, record));
    }

    private static PostView post(Readable row) {
        return new PostView(row.get("id", Long.class), row.get("user_id", Long.class), row.get("title", String.class),
                row.get("body", String.class));
    }
}
