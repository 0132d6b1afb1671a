package dev.concurrencylab.lab.service;

import dev.concurrencylab.services.BackingService;
import java.net.URI;
import java.util.Map;

/** A backing service the user runs and gives by URL: the lab points the apps at it and never stops it. */
record ExternalService(String name, String version, Map<String, String> springProperties) implements BackingService {

    static ExternalService of(String name, String url) {
        URI uri = URI.create(url.contains("://") ? url : "tcp://" + url);
        if (uri.getHost() == null || uri.getPort() < 0) {
            throw new IllegalArgumentException(name + " URL needs a host and a port: " + Redaction.redact(url));
        }
        String hostPort = uri.getHost() + ":" + uri.getPort();
        String user = uri.getUserInfo() == null ? null : uri.getUserInfo().split(":", 2)[0];
        String password = uri.getUserInfo() == null || !uri.getUserInfo().contains(":") ? null : uri.getUserInfo().split(":", 2)[1];
        String label = "given by URL " + Redaction.redact(url);
        Map<String, String> props = switch (name) {
            case "postgresql" -> {
                String db = uri.getPath() == null || uri.getPath().length() < 2 ? "/postgres" : uri.getPath();
                var p = new java.util.TreeMap<String, String>();
                p.put("spring.datasource.url", "jdbc:postgresql://" + hostPort + db);
                p.put("spring.r2dbc.url", "r2dbc:postgresql://" + hostPort + db);
                if (user != null) {
                    p.put("spring.datasource.username", user);
                    p.put("spring.r2dbc.username", user);
                }
                if (password != null) {
                    p.put("spring.datasource.password", password);
                    p.put("spring.r2dbc.password", password);
                }
                yield p;
            }
            case "kafka" -> Map.of("spring.kafka.bootstrap-servers", hostPort);
            case "rabbitmq" -> Map.of("spring.rabbitmq.addresses", "amqp://" + (uri.getUserInfo() == null ? "" : uri.getUserInfo() + "@") + hostPort);
            case "redis" -> Map.of("spring.data.redis.url", "redis://" + (uri.getUserInfo() == null ? "" : uri.getUserInfo() + "@") + hostPort);
            default -> throw new IllegalArgumentException("unknown service " + name);
        };
        return new ExternalService(name, label, props);
    }
}
