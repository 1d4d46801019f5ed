package io.stormsim.cli;

import io.stormsim.topologies.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.blobstore.AtomicOutputStream;
import org.apache.storm.blobstore.BlobStoreAclHandler;
import org.apache.storm.blobstore.ClientBlobStore;
import org.apache.storm.blobstore.NimbusBlobStore;
import org.apache.storm.generated.KeyNotFoundException;
import org.apache.storm.generated.SettableBlobMeta;

/**
 * A topology's input files (bodies, Water's input, radix sort's records, ...) shipped to its workers through
 * Storm's blob store, so that no host but the submitting one needs them: each file becomes the blob
 * {@code stormsim-<topology>-<key>-<sha256 prefix>} (uploaded once; the same file submitted again is not sent
 * again), {@code topology.blobstore.map} has the Supervisors place it in each worker's working directory as
 * {@code <key>-<file name>}, and the key's value becomes that name. The workers read it there as they would
 * read the path. {@code stormsim kill} deletes the topology's blobs.
 */
final class TopologyInputs {
    static final String BLOB_PREFIX = "stormsim-";
    private static final int HASH_HEX_DIGITS = 16;

    private TopologyInputs() {
    }

    /**
     * Uploads the non-empty files of {@code keys} in {@code conf} (checked readable and well-formed before) and
     * returns the config that names them as blobs; {@code conf} as it is when there are none.
     */
    static Map<String, Object> ship(String topology, Map<String, Object> conf, List<String> keys, NimbusAddress nimbus)
            throws ConfigException {
        Map<String, Object> shipped = new LinkedHashMap<>(conf);
        Map<String, Object> blobs = new LinkedHashMap<>();
        Object given = conf.get(Config.TOPOLOGY_BLOBSTORE_MAP);
        if (given instanceof Map<?, ?> m) {
            m.forEach((k, v) -> blobs.put(String.valueOf(k), v));
        }
        List<String> files = new ArrayList<>();
        for (String key : keys) {
            String value = String.valueOf(conf.getOrDefault(key, "")).trim();
            if (!value.isEmpty()) {
                files.add(key);
            }
        }
        if (files.isEmpty()) {
            return conf;
        }
        try (ClientBlobStore store = blobStore(nimbus)) {
            for (String key : files) {
                Path file = Path.of(String.valueOf(conf.get(key)).trim()).toAbsolutePath().normalize();
                String name = shortKey(key) + "-" + file.getFileName();
                String blob = BLOB_PREFIX + topology + "-" + shortKey(key) + "-" + hash(key, file);
                upload(store, blob, key, file);
                blobs.put(blob, Map.of("localname", name, "uncompress", false));
                shipped.put(key, name);
            }
        }
        shipped.put(Config.TOPOLOGY_BLOBSTORE_MAP, blobs);
        return shipped;
    }

    /** Deletes the blobs {@link #ship} made for {@code topology}; returns how many. */
    static int delete(String topology, NimbusAddress nimbus) throws ConfigException {
        int deleted = 0;
        try (ClientBlobStore store = blobStore(nimbus)) {
            List<String> ours = new ArrayList<>();
            for (Iterator<String> keys = store.listKeys(); keys.hasNext(); ) {
                String key = keys.next();
                if (key.startsWith(BLOB_PREFIX + topology + "-")) {
                    ours.add(key);
                }
            }
            for (String key : ours) {
                try {
                    store.deleteBlob(key);
                    deleted++;
                } catch (KeyNotFoundException gone) {
                    // deleted meanwhile: what we wanted
                } catch (Exception e) {
                    throw new ConfigException("cannot delete blob " + key + " of " + topology + " from Nimbus " + nimbus
                            + "'s blob store: " + e.getMessage());
                }
            }
        }
        return deleted;
    }

    private static ClientBlobStore blobStore(NimbusAddress nimbus) throws ConfigException {
        NimbusBlobStore store = new NimbusBlobStore();
        try {
            store.prepare(nimbus.clientConf());
        } catch (RuntimeException e) {
            throw new ConfigException("cannot reach the blob store of Nimbus " + nimbus + ": " + e.getMessage());
        }
        return store;
    }

    private static void upload(ClientBlobStore store, String blob, String key, Path file) throws ConfigException {
        try {
            if (store.isRemoteBlobExists(blob)) {
                return;
            }
            AtomicOutputStream out = store.createBlob(blob, new SettableBlobMeta(BlobStoreAclHandler.WORLD_EVERYTHING));
            try (InputStream in = Files.newInputStream(file)) {
                in.transferTo(out);
                out.close();
            } catch (IOException | RuntimeException e) {
                out.cancel();
                throw e;
            }
        } catch (Exception e) {
            throw new ConfigException(key + " = " + file + ": cannot upload it to the blob store as " + blob + ": "
                    + e.getMessage());
        }
    }

    /** The key without the {@code stormsim.} every workload key starts with, e.g. {@code nbody.bodies.file}. */
    private static String shortKey(String key) {
        return key.startsWith("stormsim.") ? key.substring("stormsim.".length()) : key;
    }

    private static String hash(String key, Path file) throws ConfigException {
        try (DigestInputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(in.getMessageDigest().digest()).substring(0, HASH_HEX_DIGITS);
        } catch (IOException e) {
            throw new ConfigException(key + " = " + file + " cannot be read: " + e.getMessage());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
