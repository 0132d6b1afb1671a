package dev.concurrencylab.lab.suite;

import dev.concurrencylab.lab.result.DurationText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/** A node of a YAML document that remembers its file and line, so every complaint can point at it. */
final class YamlNode {

    private final String file;
    private final Node node;
    private final String path;

    YamlNode(String file, Node node, String path) {
        this.file = file;
        this.node = node;
        this.path = path;
    }

    SuiteException error(String message) {
        return new SuiteException(file + ":" + (node.getStartMark().getLine() + 1) + ": " + (path.isEmpty() ? "" : path + ": ") + message);
    }

    String file() {
        return file;
    }

    String path() {
        return path;
    }

    boolean isMap() {
        return node instanceof MappingNode;
    }

    boolean isList() {
        return node instanceof SequenceNode;
    }

    boolean isScalar() {
        return node instanceof ScalarNode;
    }

    /** The entries of a map, in order; fails unless this is a map whose keys are all in {@code allowed}. */
    Map<String, YamlNode> map(Set<String> allowed) {
        Map<String, YamlNode> entries = entries();
        for (String key : entries.keySet()) {
            if (!allowed.isEmpty() && !allowed.contains(key)) {
                throw entries.get(key).error("unknown key '" + key + "'; expected one of " + String.join(", ", allowed.stream().sorted().toList()));
            }
        }
        return entries;
    }

    Map<String, YamlNode> entries() {
        if (!(node instanceof MappingNode mapping)) {
            throw error("expected a map of key: value");
        }
        Map<String, YamlNode> entries = new LinkedHashMap<>();
        for (NodeTuple tuple : mapping.getValue()) {
            if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
                throw new YamlNode(file, tuple.getKeyNode(), path).error("keys must be plain words");
            }
            String name = key.getValue();
            if (entries.containsKey(name)) {
                throw new YamlNode(file, key, path).error("key '" + name + "' appears twice");
            }
            entries.put(name, new YamlNode(file, tuple.getValueNode(), path.isEmpty() ? name : path + "." + name));
        }
        return entries;
    }

    List<YamlNode> list() {
        if (!(node instanceof SequenceNode sequence)) {
            throw error("expected a list");
        }
        List<YamlNode> items = new ArrayList<>();
        for (Node item : sequence.getValue()) {
            items.add(new YamlNode(file, item, path + "[" + items.size() + "]"));
        }
        return items;
    }

    String text() {
        if (!(node instanceof ScalarNode scalar)) {
            throw error("expected a single value");
        }
        return scalar.getValue();
    }

    int positiveInt() {
        return intAtLeast(1, "must be at least 1, not ");
    }

    int nonNegativeInt() {
        return intAtLeast(0, "must not be negative, not ");
    }

    private int intAtLeast(int least, String tooSmall) {
        try {
            int value = Integer.parseInt(text().replace("_", ""));
            if (value < least) {
                throw error(tooSmall + value);
            }
            return value;
        } catch (NumberFormatException e) {
            throw error("expected a whole number, not '" + text() + "'");
        }
    }

    double positiveNumber() {
        try {
            double value = Double.parseDouble(text().replace("_", ""));
            if (!(value > 0)) {
                throw error("must be above 0");
            }
            return value;
        } catch (NumberFormatException e) {
            throw error("expected a number, not '" + text() + "'");
        }
    }

    /** {@code 5%} as 0.05: a share written in percent, from 0 to 100. */
    double percent() {
        String t = text().strip();
        if (!t.endsWith("%")) {
            throw error("expected a percentage such as 5%, not '" + t + "'");
        }
        try {
            double value = Double.parseDouble(t.substring(0, t.length() - 1).strip());
            if (value < 0 || value > 100) {
                throw error("must be from 0% to 100%, not '" + t + "'");
            }
            return value / 100;
        } catch (NumberFormatException e) {
            throw error("expected a percentage such as 5%, not '" + t + "'");
        }
    }

    boolean bool() {
        return switch (text()) {
            case "true", "yes" -> true;
            case "false", "no" -> false;
            default -> throw error("expected true or false, not '" + text() + "'");
        };
    }

    /** {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h}. */
    Duration duration() {
        Duration d = DurationText.parse(text());
        if (d == null) {
            throw error("expected a duration such as 500ms, 30s or 2m, not '" + text() + "'");
        }
        return d;
    }

    List<String> strings() {
        if (isScalar()) {
            return List.of(text());
        }
        return list().stream().map(YamlNode::text).toList();
    }
}
