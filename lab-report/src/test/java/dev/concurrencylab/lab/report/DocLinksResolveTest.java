package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative link in README.md and docs/**.md leads to a file of this repository, and a
 * {@code file.md#anchor} link to a heading of that file (GitHub's slug of it). The pages cite each
 * other for their evidence, so a moved or renamed page or heading must not leave a reader at a dead
 * end. The run reports under docs/runs are generated, but every file they link to is kept beside
 * them, so they are checked too. http(s) and other URLs with a scheme are not fetched.
 */
class DocLinksResolveTest {

    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    private static final Pattern FENCE = Pattern.compile("(?ms)^\\s*(```|~~~).*?^\\s*\\1[^\\n]*$");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(?:(?!\\1).)+?\\1");
    private static final Pattern INLINE_LINK = Pattern.compile("\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern REFERENCE_LINK = Pattern.compile("(?m)^\\s{0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s.*)?$");
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");
    private static final Pattern HEADING = Pattern.compile("(?m)^\\s{0,3}#{1,6}\\s+(.*?)(?:\\s+#+)?\\s*$");

    @Test
    void everyRelativeLinkInTheReadmeAndDocsLeadsToAFileAndHeadingOfTheRepository() throws IOException {
        List<Path> pages = new ArrayList<>();
        pages.add(REPO.resolve("README.md"));
        try (Stream<Path> docs = Files.walk(REPO.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }

        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            broken.addAll(brokenLinks(REPO, page));
        }

        assertThat(pages).hasSizeGreaterThan(10);
        assertThat(broken).isEmpty();
    }

    @Test
    void aLinkToAMissingFileOrHeadingOrOutsideTheRepositoryIsReported(@TempDir Path repo) throws IOException {
        Files.createDirectories(repo.resolve("docs/images"));
        Files.writeString(repo.resolve("docs/images/chart.png"), "");
        Files.writeString(repo.resolve("docs/rules.md"), """
                # Rules
                ## Verdicts: a ratio with its 95 % confidence interval
                ## `design: paired` — live servers
                """);
        Files.writeString(repo.resolve("README.md"), """
                [ok](docs/rules.md#verdicts-a-ratio-with-its-95--confidence-interval)
                [ok](docs/rules.md#design-paired--live-servers) ![ok](docs/images/chart.png)
                [ok](https://example.org/missing.md) `[not a link](docs/gone.md)`
                ```
                [not a link](docs/gone.md)
                ```
                [missing file](docs/gone.md) [missing heading](docs/rules.md#no-such-heading)
                [outside](../shared/notes.md)
                """);

        List<String> broken = brokenLinks(repo, repo.resolve("README.md"));

        assertThat(broken).containsExactly(
                "README.md: docs/gone.md (no such file)",
                "README.md: docs/rules.md#no-such-heading (no such heading)",
                "README.md: ../shared/notes.md (outside the repository)");
    }

    @Test
    void aHeadingsAnchorIsGitHubsSlugOfIt() {
        assertThat(anchors("""
                ## Verdicts: a ratio with its 95 % confidence interval
                ### Paired windows: live servers, slices seconds apart (`design: paired`)
                ## Why: cost per request and JFR
                ## Posts
                ## Posts
                """)).containsExactlyInAnyOrder(
                "verdicts-a-ratio-with-its-95--confidence-interval",
                "paired-windows-live-servers-slices-seconds-apart-design-paired",
                "why-cost-per-request-and-jfr",
                "posts",
                "posts-1");
    }

    private static List<String> brokenLinks(Path repo, Path page) {
        String text = read(page);
        String prose = CODE_SPAN.matcher(FENCE.matcher(text).replaceAll("")).replaceAll("");
        List<String> targets = new ArrayList<>();
        for (Pattern link : List.of(INLINE_LINK, REFERENCE_LINK)) {
            Matcher m = link.matcher(prose);
            while (m.find()) {
                targets.add(m.group(1));
            }
        }
        List<String> broken = new ArrayList<>();
        String name = repo.relativize(page).toString();
        for (String target : targets) {
            if (SCHEME.matcher(target).find()) {
                continue;
            }
            int hash = target.indexOf('#');
            String file = decode(hash < 0 ? target : target.substring(0, hash));
            String anchor = hash < 0 ? "" : decode(target.substring(hash + 1));
            Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
            if (!resolved.startsWith(repo)) {
                broken.add(name + ": " + target + " (outside the repository)");
            } else if (!Files.exists(resolved)) {
                broken.add(name + ": " + target + " (no such file)");
            } else if (!anchor.isEmpty() && resolved.toString().endsWith(".md")
                    && !anchors(read(resolved)).contains(anchor.toLowerCase(Locale.ROOT))) {
                broken.add(name + ": " + target + " (no such heading)");
            }
        }
        return broken;
    }

    /** The ids GitHub gives a page's headings: a repeated slug gets -1, -2, … */
    private static Set<String> anchors(String markdown) {
        Set<String> ids = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        Matcher m = HEADING.matcher(FENCE.matcher(markdown).replaceAll(""));
        while (m.find()) {
            String slug = slug(m.group(1));
            int n = seen.merge(slug, 1, Integer::sum) - 1;
            ids.add(n == 0 ? slug : slug + "-" + n);
        }
        return ids;
    }

    /** GitHub's rule: the heading's text, lower case, without punctuation but - and _, spaces as -. */
    private static String slug(String heading) {
        String text = heading
                .replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1")
                .replaceAll("<[^>]+>", "")
                .toLowerCase(Locale.ROOT);
        return text.replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "").replace(' ', '-');
    }

    private static String decode(String part) {
        return part.contains("%") ? URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8) : part;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
