package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.utils.VersionInfo;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * docker-compose.yml, checked without Docker (none here): the services and official images of the Storm
 * this project builds with, a Supervisor that can be scaled, read-only mounts of files that exist (the
 * shaded jar: this runs after package), Redis as the run store and no disk shared between containers, and
 * the README's Docker commands using those mounts, the store and the ports.
 */
class DockerComposeFileTest {
    private static final Path HOME = Path.of(System.getProperty("stormsim.home", "..")).toAbsolutePath().normalize();

    private final Map<String, Map<String, Object>> services = services();
    private final String readme = read(HOME.resolve("README.md"));

    @Test
    void servicesUseTheOfficialImagesOfThisStormVersion() {
        assertEquals(Set.of("zookeeper", "nimbus", "supervisor", "ui", "redis", "prometheus", "grafana"), services.keySet());
        assertTrue(String.valueOf(services.get("prometheus").get("image")).startsWith("prom/prometheus:"));
        assertTrue(String.valueOf(services.get("grafana").get("image")).startsWith("grafana/grafana:"));
        assertTrue(String.valueOf(services.get("redis").get("image")).startsWith("redis:"), "the official Redis image");
        assertTrue(String.valueOf(services.get("redis").get("command")).contains("--appendonly yes"),
                "the run store persists its writes");
        String stormMinor = VersionInfo.getVersion().replaceFirst("^(\\d+\\.\\d+)\\..*", "$1");
        assertTrue(String.valueOf(services.get("zookeeper").get("image")).startsWith("zookeeper:"));
        for (String daemon : List.of("nimbus", "supervisor", "ui")) {
            Map<String, Object> s = services.get(daemon);
            assertTrue(String.valueOf(s.get("image")).startsWith("storm:" + stormMinor + "."),
                    daemon + " image " + s.get("image") + " is not Storm " + stormMinor + ".x");
            assertTrue(String.valueOf(s.get("command")).contains("storm " + daemon), daemon + " command " + s.get("command"));
        }
        Map<String, Object> supervisor = services.get("supervisor");
        assertFalse(supervisor.containsKey("container_name") || supervisor.containsKey("ports"),
                "a fixed name or host port would stop `--scale supervisor=N`");
    }

    @Test
    void readOnlyMountsExistAndTheReadmeUsesTheMounts() {
        Map<String, String> nimbusMounts = mounts("nimbus");
        nimbusMounts.forEach((container, host) -> {
            if (container.endsWith(":ro")) {
                assertTrue(Files.exists(HOME.resolve(host)), "nimbus mounts " + host + ", which does not exist");
            }
        });
        Matcher submit = Pattern.compile("docker compose exec (?:--user \\S+ )?nimbus storm jar (\\S+) io\\.stormsim\\.cli\\.Stormsim"
                + "\\s+\\\\?\\s*submit (\\S+)[^\\n]*--set store=redis://redis:(\\d+)").matcher(readme);
        assertTrue(submit.find(), "the README gives the Docker submit command, with the run store");
        assertNotNull(hostPath(nimbusMounts, submit.group(1)), "the README's jar " + submit.group(1) + " is not mounted");
        String yaml = hostPath(nimbusMounts, submit.group(2));
        assertNotNull(yaml, "the README's topology " + submit.group(2) + " is not mounted");
        assertTrue(Files.isRegularFile(HOME.resolve(yaml)), yaml + " does not exist");
        String redisPort = ((List<?>) services.get("redis").get("ports")).get(0).toString();
        assertEquals(submit.group(3), redisPort.split(":")[2], "the README's store is Redis' port in its container");
        assertTrue(readme.contains("results barnes-hut --store redis://127.0.0.1:" + redisPort.split(":")[1]),
                "the README brings the results back through Redis' published port");
        for (String service : List.of("nimbus", "supervisor")) {
            assertFalse(mounts(service).values().stream().anyMatch(host -> host.startsWith("./output")),
                    service + " mounts output/: the containers must share no disk");
        }
        assertTrue(readme.contains("--scale supervisor="), "the README shows how to scale the supervisors");
    }

    @Test
    void portsAreOnLoopbackAndTheReadmeNamesTheUi() {
        for (String daemon : List.of("nimbus", "ui", "redis", "prometheus", "grafana")) {
            for (Object port : (List<?>) services.get(daemon).get("ports")) {
                assertTrue(port.toString().startsWith("127.0.0.1:"), daemon + " port " + port + " is not on loopback");
            }
        }
        String ui = ((List<?>) services.get("ui").get("ports")).get(0).toString();
        String hostPort = ui.split(":")[1];
        assertEquals("8080", ui.split(":")[2], "the Storm UI listens on 8080 in its container");
        assertTrue(readme.contains("http://localhost:" + hostPort), "the README names the UI at http://localhost:" + hostPort);
    }

    @Test
    void prometheusScrapesEverySlotsEndpointWithTheClustersRulesAndGrafanaShowsThem() throws Exception {
        Map<String, String> mounts = mounts("prometheus");
        mounts.values().forEach(host -> assertTrue(Files.isRegularFile(HOME.resolve(host)), host + " is mounted, and missing"));
        String config = read(HOME.resolve(mounts.get("/etc/prometheus/prometheus.yml:ro")));
        for (int port = 9400; port < 9404; port++) {
            assertTrue(config.contains("{names: [supervisor], type: A, port: " + port + "}"), "a Supervisor's slot " + port);
        }
        assertTrue(config.contains(mounts.keySet().stream().filter(c -> c.contains("rules")).findFirst().orElseThrow()
                .replace(":ro", "")), "the rules Prometheus loads are the ones mounted");
        assertTrue(String.valueOf(services.get("supervisor").get("command")).contains("storm logviewer"),
                "each Supervisor's host serves its worker logs to the UI's links");

        Map<String, String> grafana = mounts("grafana");
        grafana.values().forEach(host -> assertTrue(Files.isDirectory(HOME.resolve(host)), host + " is mounted, and missing"));
        Path dashboard = HOME.resolve(grafana.get("/var/lib/grafana/dashboards:ro")).resolve("stormsim.json");
        JsonNode panels = new ObjectMapper().readTree(dashboard.toFile()).path("panels");
        assertTrue(panels.size() >= 4, "the dashboard's panels");
        String rules = read(HOME.resolve("cli/src/main/resources/io/stormsim/cli/prometheus-rules.yml"));
        for (JsonNode panel : panels) {
            for (JsonNode target : panel.path("targets")) {
                Matcher names = Pattern.compile("stormsim[:_][a-z_]+").matcher(target.path("expr").asText());
                assertTrue(names.find(), panel.path("title") + ": a stormsim series");
                do {
                    String name = names.group();
                    assertTrue(name.startsWith("stormsim_") || rules.contains("record: " + name),
                            panel.path("title") + ": " + name + " is neither a series of the workers nor a recorded rule");
                } while (names.find());
            }
        }
    }

    /** Container path (with its :ro, if any) to host path (relative to the project), of a service's volumes. */
    private Map<String, String> mounts(String service) {
        Map<String, String> mounts = new LinkedHashMap<>();
        for (Object v : (List<?>) services.get(service).getOrDefault("volumes", List.of())) {
            String[] parts = v.toString().split(":", 2);
            mounts.put(parts[1], parts[0]);
        }
        return mounts;
    }

    /** The host path a container path is mounted from, or null. */
    private static String hostPath(Map<String, String> mounts, String containerPath) {
        for (Map.Entry<String, String> m : mounts.entrySet()) {
            String mountPoint = m.getKey().replaceFirst(":ro$", "");
            if (containerPath.equals(mountPoint) || containerPath.startsWith(mountPoint + "/")) {
                return m.getValue() + containerPath.substring(mountPoint.length());
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> services() {
        try (Reader in = Files.newBufferedReader(HOME.resolve("docker-compose.yml"))) {
            Map<String, Object> compose = new Yaml().load(in);
            return (Map<String, Map<String, Object>>) compose.get("services");
        } catch (Exception e) {
            throw new AssertionError("docker-compose.yml cannot be read as YAML: " + e, e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (Exception e) {
            throw new AssertionError(file + " cannot be read: " + e, e);
        }
    }
}
