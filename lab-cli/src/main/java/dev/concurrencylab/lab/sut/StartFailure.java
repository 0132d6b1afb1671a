package dev.concurrencylab.lab.sut;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why a Spring Boot server did not start, in one line, from its log: Spring Boot's own failure
 * analysis when it printed one ("APPLICATION FAILED TO START"), else the exception chain's most
 * telling cause (the one naming an address), with the service it belongs to, e.g.
 * {@code could not connect to PostgreSQL at 127.0.0.1:5433: connection refused}.
 */
final class StartFailure {

    private static final Pattern CAUSE = Pattern.compile("^(?:Caused by: )?([a-z][\\w.]*\\.([A-Z]\\w*(?:Exception|Error)))(?:: (.*))?$");
    private static final Pattern ADDRESS = Pattern.compile("((?:\\d{1,3}\\.){3}\\d{1,3}|localhost)(?:/[\\d.]+)?:(\\d{2,5})");
    private static final Map<String, String> SERVICES = Map.of("postgresql", "PostgreSQL", "r2dbc", "PostgreSQL",
            "kafka", "Kafka", "rabbitmq", "RabbitMQ", "amqp", "RabbitMQ", "lettuce", "Redis", "redis", "Redis");
    private static final int LONGEST = 240;

    private StartFailure() {
    }

    /** One line saying why, or {@code null} when the log says nothing recognisable. */
    static String why(List<String> log) {
        String analysis = analysis(log);
        if (analysis != null) {
            return analysis;
        }
        String best = null;
        for (String line : log) {
            Matcher m = CAUSE.matcher(line.strip());
            if (!m.matches()) {
                continue;
            }
            String message = m.group(3) == null ? "" : m.group(3).strip();
            Matcher address = ADDRESS.matcher(message);
            if (address.find()) {
                String service = service(m.group(1) + " " + log.stream().filter(l -> l.startsWith("Caused by")).toList());
                boolean refused = String.join(" ", log).toLowerCase(java.util.Locale.ROOT).contains("connection refused");
                return "could not connect to " + (service == null ? "" : service + " at ") + address.group(1) + ":" + address.group(2)
                        + (refused ? ": connection refused" : ": " + shorten(message));
            }
            best = m.group(2) + (message.isEmpty() ? "" : ": " + message);
        }
        return best == null ? null : shorten(best);
    }

    /** Spring Boot's failure analysis: the first line of its Description. */
    private static String analysis(List<String> log) {
        int at = log.indexOf("APPLICATION FAILED TO START");
        for (int i = Math.max(0, at); at >= 0 && i < log.size() - 1; i++) {
            if (log.get(i).strip().equals("Description:")) {
                for (int j = i + 1; j < log.size(); j++) {
                    if (!log.get(j).isBlank()) {
                        return shorten(log.get(j).strip());
                    }
                }
            }
        }
        return null;
    }

    private static String service(String text) {
        String lower = text.toLowerCase(java.util.Locale.ROOT);
        return SERVICES.entrySet().stream().filter(e -> lower.contains(e.getKey())).map(Map.Entry::getValue).findFirst().orElse(null);
    }

    private static String shorten(String s) {
        String one = s.replaceAll("\\s+", " ");
        return one.length() <= LONGEST ? one : one.substring(0, LONGEST - 1) + "…";
    }
}
