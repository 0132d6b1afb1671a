package dev.concurrencylab.sut.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.sut.common.brokers.Brokers;
import dev.concurrencylab.sut.contract.TestServices;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.ConsumerGroupListing;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Each launch hands work off through a topic and consumer group of its own; a broker given by URL (a team's
 * own) must not collect one of each per launch of every run.
 */
class KafkaWorkTopicTest {

    @Test
    void anAppThatClosesTakesItsOwnTopicAndConsumerGroupOutOfTheBroker() throws Exception {
        Map<String, Object> properties = new HashMap<>(TestServices.springProperties());
        properties.put("server.port", "0");
        String bootstrap = (String) properties.get(Brokers.KAFKA);
        try (AdminClient admin = AdminClient.create(Map.of("bootstrap.servers", bootstrap))) {
            ConfigurableApplicationContext app = new SpringApplicationBuilder(MvcApplication.class).profiles("mvc-platform")
                    .properties(properties).run();
            String work = app.getBean(Brokers.class).work();
            try {
                int port = ((WebServerApplicationContext) app).getWebServer().getPort();
                HttpResponse<String> handedOff = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/async/kafka")).POST(HttpRequest.BodyPublishers.noBody()).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(handedOff.statusCode()).as(handedOff.body()).isEqualTo(202);
                // the item consumed and its offset committed: the group is the broker's to keep from here on
                await(() -> !offsets(admin, work).isEmpty(), "the consumer group's first committed offset");
                assertThat(topics(admin)).contains(work);
            } finally {
                app.close();
            }
            // the broker's metadata follows its controller's deletion within moments
            await(() -> !topics(admin).contains(work), "the topic gone once the app has closed");
            assertThat(admin.listConsumerGroups().all().get(10, TimeUnit.SECONDS)).extracting(ConsumerGroupListing::groupId)
                    .as("consumer groups once the app has closed").doesNotContain(work);
        }
    }

    private static Set<String> topics(AdminClient admin) {
        try {
            return admin.listTopics().names().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<?, ?> offsets(AdminClient admin, String group) {
        try {
            return admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A bound for a busy machine, not a speed. */
    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
            Thread.sleep(100);
        }
    }
}
