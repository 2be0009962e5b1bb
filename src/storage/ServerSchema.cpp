#include "storage/ServerSchema.h"

#include "storage/Migrations.h"

namespace engram {
namespace {

// Statement-level triggers that tell the other clients (LISTEN engram_changes) that a table
// changed; PostgreSQL delivers a notification when its transaction commits, and one per
// transaction however many statements raised it.
QStringList notifyTriggers(const QStringList& tables)
{
    QStringList statements;
    for (const QString& table : tables)
        statements.append(QStringLiteral("CREATE TRIGGER %1_notify AFTER INSERT OR UPDATE OR DELETE ON %1 "
                                         "FOR EACH STATEMENT EXECUTE FUNCTION engram_notify()")
                              .arg(table));
    return statements;
}

// The search side of episodes and facts. Engram's own tokenizer writes search_body,
// search_extra and search_context as space-separated tokens (as for SQLite); the tsvector is made
// of exactly those tokens, quoted, so PostgreSQL's parser (which in a C-locale database drops
// CJK characters) never splits them again. Each column carries its own weight label (A: the
// episode's words, B: its reply and topic, C: its neighbours'), and the positions run on across
// the columns so that a token in two columns counts twice.
QStringList searchFunctions()
{
    return {
        QStringLiteral(R"(CREATE FUNCTION engram_tokens(body text, extra text, context text)
            RETURNS TABLE (token text, pos bigint, label text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            WITH cols AS (
                SELECT 1 AS col, string_to_array(coalesce(body, ''), ' ') AS t, 'A' AS label
                UNION ALL SELECT 2, string_to_array(coalesce(extra, ''), ' '), 'B'
                UNION ALL SELECT 3, string_to_array(coalesce(context, ''), ' '), 'C'),
            offsets AS (
                SELECT col, t, label,
                       coalesce(sum(cardinality(t)) OVER (ORDER BY col ROWS BETWEEN UNBOUNDED PRECEDING
                                                          AND 1 PRECEDING), 0) AS before
                FROM cols)
            SELECT u.token, o.before + u.n, o.label
            FROM offsets o CROSS JOIN LATERAL unnest(o.t) WITH ORDINALITY AS u(token, n)
            WHERE u.token <> ''
        $$)"),
        // A tsvector holds lexemes of up to 2046 bytes, positions up to 16383 and 1 MB in all: a
        // longer token (no word), the tokens past the 16383rd and those past the size are left out
        // of the vector, though not of the length. A pasted book stays storable.
        QStringLiteral(R"(CREATE FUNCTION engram_vector(body text, extra text, context text)
            RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            SELECT coalesce(string_agg('''' || replace(replace(token, '\', '\\'), '''', '''''') || ''':'
                                       || pos || label, ' '), '')::tsvector
            FROM (SELECT token, pos, label, sum(octet_length(token) + 8) OVER (ORDER BY pos) AS size
                  FROM engram_tokens(body, extra, context)
                  WHERE octet_length(token) <= 2046 AND pos <= 16383) t
            WHERE size < 1000000
        $$)"),
        QStringLiteral(R"(CREATE FUNCTION engram_token_count(body text, extra text, context text)
            RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            SELECT count(*)::integer FROM engram_tokens(body, extra, context)
        $$)"),
        QStringLiteral(R"(CREATE FUNCTION engram_notify() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('engram_changes', '');
                RETURN NULL;
            END
        $$)"),
    };
}

// Per-user statistics for BM25, kept in the writing transaction by statement-level triggers
// over the changed rows: how many of a user's episodes hold each term, how many episodes and
// tokens the user has. (ts_rank ignores how rare a term is.) Only rows whose vector or owner
// changed are counted again, so touching an episode's access count costs nothing here.
// The two statements that add the rows of `come` to the statistics and take those of `gone` out
// (each a SELECT of user_id, search_vector, search_length, or empty). Terms go in a fixed order,
// so that two writers of one user never wait on each other in a cycle. A user being deleted
// (its episodes go by cascade) is skipped: its statistics go with it.
QString countTerms(const QString& come, const QString& gone)
{
    QStringList terms;
    QStringList totals;
    if (!come.isEmpty()) {
        terms.append(QStringLiteral("SELECT c.user_id, u.lexeme AS term, 1 AS n FROM (%1) c, unnest(c.search_vector) u")
                         .arg(come));
        totals.append(QStringLiteral("SELECT user_id, 1 AS n, search_length AS len FROM (%1) c").arg(come));
    }
    if (!gone.isEmpty()) {
        terms.append(
            QStringLiteral("SELECT g.user_id, u.lexeme AS term, -1 AS n FROM (%1) g, unnest(g.search_vector) u")
                .arg(gone));
        totals.append(QStringLiteral("SELECT user_id, -1 AS n, -search_length AS len FROM (%1) g").arg(gone));
    }
    // A term no episode holds any more leaves the statistics: its word must not outlive them.
    const QString forget =
        gone.isEmpty()
            ? QString()
            : QStringLiteral(
                  "DELETE FROM episode_terms t USING (SELECT DISTINCT g.user_id, u.lexeme FROM (%1) g, "
                  "unnest(g.search_vector) u) d WHERE t.user_id = d.user_id AND t.term = d.lexeme "
                  "AND t.docs <= 0; "
                  "DELETE FROM episode_stats s WHERE s.docs <= 0 AND s.user_id IN (SELECT user_id FROM (%1) g);")
                  .arg(gone);
    return QStringLiteral(
               "INSERT INTO episode_terms (user_id, term, docs) SELECT user_id, term, sum(n) FROM (%1) d "
               "WHERE EXISTS (SELECT 1 FROM users WHERE users.id = d.user_id) "
               "GROUP BY user_id, term HAVING sum(n) <> 0 ORDER BY user_id, term "
               "ON CONFLICT (user_id, term) DO UPDATE SET docs = episode_terms.docs + excluded.docs; "
               "INSERT INTO episode_stats (user_id, docs, tokens) SELECT user_id, sum(n), sum(len) FROM (%2) d "
               "WHERE EXISTS (SELECT 1 FROM users WHERE users.id = d.user_id) GROUP BY user_id ORDER BY user_id "
               "ON CONFLICT (user_id) DO UPDATE SET docs = episode_stats.docs + excluded.docs, "
               "tokens = episode_stats.tokens + excluded.tokens; %3")
        .arg(terms.join(QStringLiteral(" UNION ALL ")), totals.join(QStringLiteral(" UNION ALL ")), forget);
}

QStringList episodeStatistics()
{
    const QString changed =
        QStringLiteral("FROM old_rows o JOIN new_rows n ON n.seq = o.seq "
                       "WHERE o.search_vector IS DISTINCT FROM n.search_vector OR o.user_id <> n.user_id");
    return {
        QStringLiteral(R"(CREATE TABLE episode_terms (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            term TEXT NOT NULL,
            docs BIGINT NOT NULL,
            PRIMARY KEY (user_id, term)
        ))"),
        QStringLiteral(R"(CREATE TABLE episode_stats (
            user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            docs BIGINT NOT NULL,
            tokens BIGINT NOT NULL
        ))"),
        QStringLiteral(R"(CREATE FUNCTION engram_episode_stats() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    %1
                ELSIF TG_OP = 'DELETE' THEN
                    %2
                ELSE
                    %3
                END IF;
                RETURN NULL;
            END
        $$)")
            .arg(countTerms(QStringLiteral("SELECT user_id, search_vector, search_length FROM new_rows"), {}),
                 countTerms({}, QStringLiteral("SELECT user_id, search_vector, search_length FROM old_rows")),
                 countTerms(QStringLiteral("SELECT n.user_id, n.search_vector, n.search_length %1").arg(changed),
                            QStringLiteral("SELECT o.user_id, o.search_vector, o.search_length %1").arg(changed))),
        QStringLiteral("CREATE TRIGGER episodes_stats_insert AFTER INSERT ON episodes REFERENCING NEW TABLE AS "
                       "new_rows FOR EACH STATEMENT EXECUTE FUNCTION engram_episode_stats()"),
        QStringLiteral("CREATE TRIGGER episodes_stats_update AFTER UPDATE ON episodes REFERENCING OLD TABLE AS "
                       "old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION engram_episode_stats()"),
        QStringLiteral("CREATE TRIGGER episodes_stats_delete AFTER DELETE ON episodes REFERENCING OLD TABLE AS "
                       "old_rows FOR EACH STATEMENT EXECUTE FUNCTION engram_episode_stats()"),
    };
}

// search_context on a server, kept as SQLite's triggers keep it (Migrations.cpp, version 5): a
// new, edited, archived or deleted exchange refreshes the context of the exchanges of its
// conversation from the active one before it to the active one after it.
QStringList neighbourContext()
{
    const QString context = episodeContextExpression(QStringLiteral("episodes"));
    return {
        QStringLiteral(R"(CREATE FUNCTION engram_refresh_context(r_user text, r_conversation text, r_at bigint,
                                                       r_seq bigint, except_seq bigint)
            RETURNS void LANGUAGE plpgsql AS $$
            DECLARE
                lo_at bigint := r_at; lo_seq bigint := r_seq; hi_at bigint := r_at; hi_seq bigint := r_seq;
            BEGIN
                SELECT n.created_at, n.seq INTO lo_at, lo_seq FROM episodes n
                    WHERE n.user_id = r_user AND n.conversation_id = r_conversation AND n.kind = 'exchange'
                      AND n.status = 'active' AND (n.created_at, n.seq) < (r_at, r_seq)
                    ORDER BY n.created_at DESC, n.seq DESC LIMIT 1;
                IF NOT FOUND THEN lo_at := r_at; lo_seq := r_seq; END IF;
                SELECT n.created_at, n.seq INTO hi_at, hi_seq FROM episodes n
                    WHERE n.user_id = r_user AND n.conversation_id = r_conversation AND n.kind = 'exchange'
                      AND n.status = 'active' AND (n.created_at, n.seq) > (r_at, r_seq)
                    ORDER BY n.created_at ASC, n.seq ASC LIMIT 1;
                IF NOT FOUND THEN hi_at := r_at; hi_seq := r_seq; END IF;
                UPDATE episodes SET search_context = %1
                    WHERE user_id = r_user AND conversation_id = r_conversation AND kind = 'exchange'
                      AND (created_at, seq) >= (lo_at, lo_seq) AND (created_at, seq) <= (hi_at, hi_seq)
                      AND seq IS DISTINCT FROM except_seq AND search_context IS DISTINCT FROM %1;
            END
        $$)")
            .arg(context),
        QStringLiteral(R"(CREATE FUNCTION engram_context_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                -- Set while every episode of a user is deleted: no neighbour is left to refresh.
                IF current_setting('engram.skip_context', true) = 'on' THEN
                    RETURN NULL;
                END IF;
                IF TG_OP = 'DELETE' THEN
                    PERFORM engram_refresh_context(OLD.user_id, OLD.conversation_id, OLD.created_at, OLD.seq, NULL);
                ELSIF TG_OP = 'INSERT' THEN
                    PERFORM engram_refresh_context(NEW.user_id, NEW.conversation_id, NEW.created_at, NEW.seq, NULL);
                ELSE
                    PERFORM engram_refresh_context(NEW.user_id, NEW.conversation_id, NEW.created_at, NEW.seq,
                                                   NEW.seq);
                END IF;
                RETURN NULL;
            END
        $$)"),
        QStringLiteral("CREATE TRIGGER episodes_context_insert AFTER INSERT ON episodes FOR EACH ROW "
                       "WHEN (NEW.kind = 'exchange' AND NEW.conversation_id <> '') "
                       "EXECUTE FUNCTION engram_context_trigger()"),
        QStringLiteral("CREATE TRIGGER episodes_context_delete AFTER DELETE ON episodes FOR EACH ROW "
                       "WHEN (OLD.kind = 'exchange' AND OLD.conversation_id <> '') "
                       "EXECUTE FUNCTION engram_context_trigger()"),
        QStringLiteral("CREATE TRIGGER episodes_context_update AFTER UPDATE OF search_body, status ON episodes "
                       "FOR EACH ROW WHEN (NEW.kind = 'exchange' AND NEW.conversation_id <> '' AND "
                       "(OLD.search_body IS DISTINCT FROM NEW.search_body OR OLD.status IS DISTINCT FROM NEW.status)) "
                       "EXECUTE FUNCTION engram_context_trigger()"),
    };
}

// An item's vector goes with it and with an edit of its text (SQLite's version 3).
QStringList embeddingTriggers()
{
    return {
        QStringLiteral(R"(CREATE FUNCTION engram_drop_embedding() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                DELETE FROM embeddings WHERE item_id = OLD.id;
                RETURN NULL;
            END
        $$)"),
        QStringLiteral("CREATE TRIGGER episodes_embedding_delete AFTER DELETE ON episodes FOR EACH ROW "
                       "EXECUTE FUNCTION engram_drop_embedding()"),
        QStringLiteral("CREATE TRIGGER episodes_embedding_edit AFTER UPDATE OF content, response ON episodes "
                       "FOR EACH ROW WHEN (OLD.content IS DISTINCT FROM NEW.content OR "
                       "OLD.response IS DISTINCT FROM NEW.response) EXECUTE FUNCTION engram_drop_embedding()"),
        QStringLiteral("CREATE TRIGGER facts_embedding_delete AFTER DELETE ON facts FOR EACH ROW "
                       "EXECUTE FUNCTION engram_drop_embedding()"),
        QStringLiteral("CREATE TRIGGER facts_embedding_edit AFTER UPDATE OF subject, predicate, object ON facts "
                       "FOR EACH ROW WHEN (OLD.subject IS DISTINCT FROM NEW.subject OR "
                       "OLD.predicate IS DISTINCT FROM NEW.predicate OR OLD.object IS DISTINCT FROM NEW.object) "
                       "EXECUTE FUNCTION engram_drop_embedding()"),
    };
}

// Version 1: every table of SQLite's schema 9. Times are milliseconds since the epoch in BIGINT,
// as in the file, so that a value is written and read the same way on both engines (no time zone
// can shift it); metadata and payloads are jsonb; seq columns are identities.
QStringList migration1()
{
    QStringList statements{
        QStringLiteral("CREATE TABLE engram_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"),
        QStringLiteral("INSERT INTO engram_meta (key, value) VALUES ('application', 'engram')"),
        QStringLiteral(R"(CREATE TABLE users (
            id TEXT PRIMARY KEY,
            display_name TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            settings TEXT NOT NULL DEFAULT '{}'
        ))"),
        QStringLiteral(R"(CREATE TABLE conversations (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            title TEXT NOT NULL DEFAULT '',
            incognito INTEGER NOT NULL DEFAULT 0,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        ))"),
        QStringLiteral("CREATE INDEX conversations_user ON conversations(user_id, updated_at)"),
        QStringLiteral(R"(CREATE TABLE messages (
            seq BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
            role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system')),
            content TEXT NOT NULL,
            model_content TEXT NOT NULL DEFAULT '',
            window_state TEXT NOT NULL DEFAULT 'window',
            status TEXT NOT NULL DEFAULT 'complete',
            pinned INTEGER NOT NULL DEFAULT 0,
            created_at BIGINT NOT NULL,
            metadata jsonb NOT NULL DEFAULT '{}'
        ))"),
        QStringLiteral("CREATE INDEX messages_conversation ON messages(conversation_id, seq)"),
        QStringLiteral("CREATE INDEX messages_user_state ON messages(user_id, window_state)"),
        QStringLiteral(R"(CREATE TABLE episodes (
            seq BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('exchange', 'summary')),
            content TEXT NOT NULL,
            response TEXT NOT NULL DEFAULT '',
            topic_key TEXT NOT NULL DEFAULT '',
            conversation_id TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
            pinned INTEGER NOT NULL DEFAULT 0,
            importance DOUBLE PRECISION NOT NULL DEFAULT 0.5,
            access_count INTEGER NOT NULL DEFAULT 0,
            last_access_at BIGINT NOT NULL,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            archived_at BIGINT NOT NULL DEFAULT 0,
            metadata jsonb NOT NULL DEFAULT '{}',
            search_body TEXT NOT NULL DEFAULT '',
            search_extra TEXT NOT NULL DEFAULT '',
            search_context TEXT NOT NULL DEFAULT '',
            origin TEXT NOT NULL DEFAULT 'conversation' CHECK (origin IN ('conversation', 'import', 'tool')),
            search_vector tsvector GENERATED ALWAYS AS
                (engram_vector(search_body, search_extra, search_context)) STORED,
            search_length INTEGER GENERATED ALWAYS AS
                (engram_token_count(search_body, search_extra, search_context)) STORED
        ))"),
        QStringLiteral("CREATE INDEX episodes_user ON episodes(user_id, status, created_at)"),
        QStringLiteral("CREATE INDEX episodes_topic ON episodes(user_id, topic_key) WHERE topic_key <> ''"),
        QStringLiteral("CREATE INDEX episodes_summaries ON episodes(user_id, status) WHERE kind = 'summary'"),
        QStringLiteral("CREATE INDEX episodes_conversation ON episodes(user_id, conversation_id, created_at)"),
        QStringLiteral("CREATE INDEX episodes_search ON episodes USING gin (search_vector)"),
        QStringLiteral(R"(CREATE TABLE facts (
            seq BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            subject TEXT NOT NULL,
            predicate TEXT NOT NULL,
            object TEXT NOT NULL,
            subject_key TEXT NOT NULL,
            predicate_key TEXT NOT NULL,
            confidence DOUBLE PRECISION NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('active', 'pending', 'superseded', 'deleted', 'rejected', 'archived')),
            source TEXT NOT NULL CHECK (source IN ('user_input', 'llm_extract', 'manual', 'import')),
            conversation_id TEXT NOT NULL DEFAULT '',
            message_id TEXT NOT NULL DEFAULT '',
            model TEXT NOT NULL DEFAULT '',
            valid_from BIGINT NOT NULL,
            valid_to BIGINT NOT NULL DEFAULT 0,
            superseded_by TEXT NOT NULL DEFAULT '',
            pinned INTEGER NOT NULL DEFAULT 0,
            importance DOUBLE PRECISION NOT NULL DEFAULT 0.5,
            access_count INTEGER NOT NULL DEFAULT 0,
            last_access_at BIGINT NOT NULL,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            metadata jsonb NOT NULL DEFAULT '{}',
            search_body TEXT NOT NULL DEFAULT '',
            search_vector tsvector GENERATED ALWAYS AS (engram_vector(search_body, '', '')) STORED,
            search_length INTEGER GENERATED ALWAYS AS (engram_token_count(search_body, '', '')) STORED
        ))"),
        QStringLiteral("CREATE INDEX facts_key ON facts(user_id, subject_key, predicate_key, status)"),
        QStringLiteral(
            "CREATE INDEX facts_profile ON facts(user_id, status, pinned DESC, confidence DESC, updated_at DESC, seq)"),
        QStringLiteral(
            "CREATE UNIQUE INDEX facts_current ON facts(user_id, subject_key, predicate_key) WHERE status = 'active'"),
        QStringLiteral("CREATE INDEX facts_search ON facts USING gin (search_vector)"),
        QStringLiteral(R"(CREATE TABLE events (
            seq BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            item_id TEXT NOT NULL DEFAULT '',
            item_type TEXT NOT NULL,
            action TEXT NOT NULL,
            actor TEXT NOT NULL CHECK (actor IN ('user', 'assistant', 'system')),
            before TEXT,
            after TEXT,
            created_at BIGINT NOT NULL,
            undone INTEGER NOT NULL DEFAULT 0,
            action_group TEXT NOT NULL DEFAULT '',
            client TEXT NOT NULL DEFAULT ''
        ))"),
        QStringLiteral("CREATE INDEX events_item ON events(item_id, seq)"),
        QStringLiteral("CREATE INDEX events_user ON events(user_id, seq)"),
        QStringLiteral("CREATE INDEX events_group ON events(user_id, action_group) WHERE action_group <> ''"),
        QStringLiteral(R"(CREATE TABLE trash (
            seq BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            item_id TEXT NOT NULL,
            item_type TEXT NOT NULL,
            event_id TEXT NOT NULL,
            payload TEXT NOT NULL,
            deleted_at BIGINT NOT NULL
        ))"),
        QStringLiteral("CREATE INDEX trash_user ON trash(user_id, seq)"),
        QStringLiteral(R"(CREATE TABLE jobs (
            seq BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            dedupe_key TEXT NOT NULL UNIQUE,
            payload jsonb NOT NULL DEFAULT '{}',
            status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_run_at BIGINT NOT NULL,
            last_error TEXT NOT NULL DEFAULT '',
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        ))"),
        QStringLiteral("CREATE INDEX jobs_ready ON jobs(status, next_run_at)"),
        QStringLiteral(R"(CREATE TABLE embeddings (
            item_id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            item_type TEXT NOT NULL,
            model TEXT NOT NULL,
            dim INTEGER NOT NULL,
            vector BYTEA NOT NULL
        ))"),
        QStringLiteral("CREATE INDEX embeddings_user ON embeddings(user_id, model)"),
        QStringLiteral(R"(CREATE TABLE tool_clients (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            version TEXT NOT NULL DEFAULT '',
            access TEXT NOT NULL DEFAULT 'ask' CHECK (access IN ('ask', 'read_write', 'read_only', 'off')),
            first_seen BIGINT NOT NULL,
            last_read BIGINT,
            last_write BIGINT,
            PRIMARY KEY (user_id, name)
        ))"),
    };
    statements = searchFunctions() + statements;
    statements += episodeStatistics();
    statements += neighbourContext();
    statements += embeddingTriggers();
    statements +=
        notifyTriggers({QStringLiteral("users"), QStringLiteral("conversations"), QStringLiteral("messages"),
                        QStringLiteral("episodes"), QStringLiteral("facts"), QStringLiteral("events"),
                        QStringLiteral("trash"), QStringLiteral("embeddings"), QStringLiteral("tool_clients")});
    return statements;
}

} // namespace

const std::vector<QStringList>& serverMigrations()
{
    static const std::vector<QStringList> migrations{migration1()};
    return migrations;
}

} // namespace engram
