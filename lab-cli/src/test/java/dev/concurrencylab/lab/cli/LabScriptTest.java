package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The {@code ./lab} script is how users reach the lab: a command the lab has but the script does not pass on is unreachable. */
class LabScriptTest {

    private static final Path SCRIPT = Path.of("..", "lab");

    /** The words of the script's {@code case} labels, such as {@code run|capacity|resume)}. */
    private static Set<String> routed() throws Exception {
        Pattern label = Pattern.compile("^\\s+([a-z|-]+)\\)$");
        return Files.readAllLines(SCRIPT).stream()
                .map(label::matcher).filter(m -> m.matches())
                .flatMap(m -> Arrays.stream(m.group(1).split("\\|")))
                .collect(Collectors.toSet());
    }

    @Test
    void everyCommandOfTheLabIsPassedOnAndListedByTheScript() throws Exception {
        Set<String> commands = new CommandLine(new Lab()).getSubcommands().keySet();
        String script = Files.readString(SCRIPT);
        assertThat(commands).contains("resume", "findings");
        for (String command : commands) {
            assertThat(routed()).as("./lab routes '%s'", command).contains(command);
            if (!command.equals("help")) {
                assertThat(script).as("./lab --help lists '%s'", command).containsPattern("\n  " + command + " ");
            }
        }
    }
}
