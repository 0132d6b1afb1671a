package dev.concurrencylab.lab.suite;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.Node;

/** Reads a YAML file into a {@link YamlNode}; syntax errors come back as one line with the line number. */
final class YamlFiles {

    private YamlFiles() {
    }

    static YamlNode read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new SuiteException(file + ": no such file");
        } catch (IOException e) {
            throw new SuiteException(file + ": cannot read: " + e.getMessage());
        }
        return parse(file.toString(), text);
    }

    static YamlNode parse(String name, String text) {
        try {
            Node root = new Yaml(new LoaderOptions()).compose(new StringReader(text));
            if (root == null) {
                throw new SuiteException(name + ": the file is empty");
            }
            return new YamlNode(name, root, "");
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() != null ? e.getProblemMark().getLine() + 1 : 0;
            throw new SuiteException(name + ":" + line + ": malformed YAML: " + e.getProblem());
        } catch (org.yaml.snakeyaml.error.YAMLException e) {
            throw new SuiteException(name + ": malformed YAML: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
