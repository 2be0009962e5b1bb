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
// search_extra and search_context as space-separated tokens (as for SQLite); the tsvectors are
// made of exactly those tokens, so PostgreSQL's parser (which in a C-locale database drops CJK
// characters) never splits them again.
//
// An episode's vector holds each distinct token of its three columns once, without positions
// (array_to_tsvector, in C: a fraction of the cost of a vector whose positions are written out as
// text and parsed, which was most of the cost of storing an episode), and one lexeme more naming
// its owner: a space (which no token holds) and the md5 of the user id. A search asks for it
// beside its terms, so that the GIN index finds the user's episodes among every user's without
// reading the others' rows. How often a term occurs in each column is counted from the search
// columns of the candidates alone (ServerEpisodeIndex). A fact's vector carries the positions of
// its tokens, which its ranking counts.
// An episode's vector (searchFunctions). `longTokens` names the function for a text with a token
// too long for the index, `longRun` is the regular expression of a run without a space that may
// be one. The shortest run that can exceed 2046 bytes is 512 characters long.
QString lexemesFunction(const QString& create, const QString& longTokens, const QString& longRun)
{
    return QStringLiteral(R"(%1 FUNCTION engram_lexemes(owner text, body text, extra text, context text)
            RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            SELECT array_to_tsvector(array_append(
                CASE WHEN octet_length(body) + octet_length(extra) + octet_length(context) <= 2044
                          OR (octet_length(body) + octet_length(extra) + octet_length(context) < 999998
                              AND body !~ '%3' AND extra !~ '%3' AND context !~ '%3')
                     THEN array_remove(string_to_array(body || ' ' || extra || ' ' || context, ' '), '')
                     ELSE %2(body || ' ' || extra || ' ' || context)
                END, ' ' || md5(owner)))
        $$)")
        .arg(create, longTokens, longRun);
}

QStringList searchFunctions()
{
    return {
        // Tokens longer than 2046 bytes (no word) and those past 1 MB of distinct lexemes are left
        // out of the vector, though not of the length, so that a pasted book stays storable: the
        // tokens of such a text, in engram_long_tokens. Others take the plain path, which
        // PostgreSQL inlines into the generated column (no call of a function per row): nearly all.
        QStringLiteral(R"(CREATE FUNCTION engram_long_tokens(t text) RETURNS text[]
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            SELECT ARRAY(SELECT token FROM (
                       SELECT token, sum(octet_length(token) + 8) OVER (ORDER BY first) AS size
                       FROM (SELECT u.token, min(u.n) AS first
                             FROM unnest(string_to_array(t, ' ')) WITH ORDINALITY AS u(token, n)
                             WHERE u.token <> '' AND octet_length(u.token) <= 2046
                             GROUP BY u.token) d) s
                   WHERE size < 1000000)
        $$)"),
        lexemesFunction(QStringLiteral("CREATE"), QStringLiteral("engram_long_tokens"), QStringLiteral("[^ ]{512}")),
        QStringLiteral(R"(CREATE FUNCTION engram_token_count(body text, extra text, context text)
            RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            SELECT cardinality(array_remove(string_to_array(body || ' ' || extra || ' ' || context, ' '), ''))
        $$)"),
        // A fact's tokens with their positions (labelled A), past the 16383rd left out.
        QStringLiteral(R"(CREATE FUNCTION engram_vector(body text)
            RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            SELECT coalesce(string_agg('''' || replace(replace(token, '\', '\\'), '''', '''''') || ''':'
                                       || pos || 'A', ' '), '')::tsvector
            FROM (SELECT token, pos, sum(octet_length(token) + 8) OVER (ORDER BY pos) AS size
                  FROM unnest(string_to_array(coalesce(body, ''), ' ')) WITH ORDINALITY AS u(token, pos)
                  WHERE token <> '' AND octet_length(token) <= 2046 AND pos <= 16383) t
            WHERE size < 1000000
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
// (each a SELECT of user_id, search_vector, search_length, or empty). The owner's lexeme (which
// starts with a space) is no term. Terms go in a fixed order, so that two writers of one user
// never wait on each other in a cycle. A user being deleted (its episodes go by cascade) is
// skipped: its statistics go with it.
QString countTerms(const QString& come, const QString& gone)
{
    const auto lexemes = [](const QString& rows, int n) {
        return QStringLiteral("SELECT r.user_id, u.term, %2 AS n FROM (%1) r, "
                              "unnest(tsvector_to_array(r.search_vector)) u(term) WHERE u.term NOT LIKE ' %'")
            .arg(rows)
            .arg(n);
    };
    QStringList terms;
    QStringList totals;
    if (!come.isEmpty()) {
        terms.append(lexemes(come, 1));
        totals.append(QStringLiteral("SELECT user_id, 1 AS n, search_length AS len FROM (%1) c").arg(come));
    }
    if (!gone.isEmpty()) {
        terms.append(lexemes(gone, -1));
        totals.append(QStringLiteral("SELECT user_id, -1 AS n, -search_length AS len FROM (%1) g").arg(gone));
    }
    // A term no episode holds any more leaves the statistics: its word must not outlive them.
    const QString forget =
        gone.isEmpty()
            ? QString()
            : QStringLiteral("DELETE FROM episode_terms t USING (SELECT DISTINCT user_id, term FROM (%1) g) d "
                             "WHERE t.user_id = d.user_id AND t.term = d.term AND t.docs <= 0; "
                             "DELETE FROM episode_stats s WHERE s.docs <= 0 AND s.user_id IN "
                             "(SELECT user_id FROM (%2) g);")
                  .arg(lexemes(gone, -1), gone);
    // One writer of a user's statistics at a time, from its first change to its commit: a
    // transaction counts terms in more than one pass (a new exchange's own, then its neighbours'
    // new context), and two writers taking the same terms in two sorted passes each would wait
    // on each other in a cycle.
    QStringList owners;
    for (const QString& rows : {come, gone}) {
        if (!rows.isEmpty())
            owners.append(QStringLiteral("SELECT user_id FROM (%1) o").arg(rows));
    }
    const QString lock =
        QStringLiteral("PERFORM pg_advisory_xact_lock(hashtextextended('engram_terms ' || user_id, 0)) "
                       "FROM (%1 ORDER BY 1) u; ")
            .arg(owners.join(QStringLiteral(" UNION ")));
    return lock +
           QStringLiteral(
               // Counted apart from the sorted insert (MATERIALIZED): else the planner sorts the
               // million rows of a large load to count them and sort the result in one go, on disk.
               "WITH counted AS MATERIALIZED (SELECT user_id, term, sum(n) AS docs FROM (%1) d "
               "GROUP BY user_id, term) "
               "INSERT INTO episode_terms (user_id, term, docs) SELECT user_id, term, docs FROM counted c "
               "WHERE docs <> 0 AND EXISTS (SELECT 1 FROM users WHERE users.id = c.user_id) ORDER BY user_id, term "
               "ON CONFLICT (user_id, term) DO UPDATE SET docs = episode_terms.docs + excluded.docs; "
               "INSERT INTO episode_stats (user_id, docs, tokens) SELECT user_id, sum(n), sum(len) FROM (%2) d "
               "GROUP BY user_id HAVING EXISTS (SELECT 1 FROM users WHERE users.id = d.user_id) ORDER BY user_id "
               "ON CONFLICT (user_id) DO UPDATE SET docs = episode_stats.docs + excluded.docs, "
               "tokens = episode_stats.tokens + excluded.tokens; %3")
               .arg(terms.join(QStringLiteral(" UNION ALL ")), totals.join(QStringLiteral(" UNION ALL ")), forget);
}

// The lexemes of row `a`'s vector that row `b`'s lacks, when both are of one user (an update
// that moves no episode to another user counts only the terms that came or went; a new context
// adds a few dozen to a row of many): in C, without a row per lexeme.
QString difference(const QString& a, const QString& b)
{
    return QStringLiteral("CASE WHEN %1.user_id = %2.user_id THEN ts_delete(%1.search_vector, "
                          "tsvector_to_array(%2.search_vector)) ELSE %1.search_vector END")
        .arg(a, b);
}

// The rows of an update whose terms, length or owner changed (`lengthToo`; version 1 looked at
// the vector and the owner only); but not those a bulk load brought, while engram_bulk_finish
// gives them their context (engram.bulk_after: the last seq before the load): their terms are
// counted once it has.
QString changedRows(bool lengthToo)
{
    return QStringLiteral("FROM old_rows o JOIN new_rows n ON n.seq = o.seq "
                          "WHERE (o.search_vector IS DISTINCT FROM n.search_vector OR o.user_id <> n.user_id%1) "
                          "AND n.seq <= coalesce(CAST(nullif(current_setting('engram.bulk_after', true), '') AS "
                          "bigint), 9223372036854775807)")
        .arg(lengthToo ? QStringLiteral(" OR o.search_length <> n.search_length") : QString());
}

// The trigger function that keeps the statistics, counting the rows `changed` selects (changedRows).
QString statisticsFunction(const QString& create, const QString& changed)
{
    return QStringLiteral(R"(%5 FUNCTION engram_episode_stats() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    IF current_setting('engram.bulk_load', true) IS DISTINCT FROM 'on' THEN
                        %1
                    END IF;
                ELSIF TG_OP = 'DELETE' THEN
                    %2
                -- Counted, not EXISTS: for EXISTS the planner would rather start fast, with a
                -- nested loop over the two transition tables (a second for 2,000 rows).
                ELSIF (SELECT count(*) %4) > 0 THEN
                    %3
                END IF;
                RETURN NULL;
            END
        $$)")
        .arg(countTerms(QStringLiteral("SELECT user_id, search_vector, search_length FROM new_rows"), {}),
             countTerms({}, QStringLiteral("SELECT user_id, search_vector, search_length FROM old_rows")),
             countTerms(QStringLiteral("SELECT n.user_id, %1 AS search_vector, n.search_length %2")
                            .arg(difference(QStringLiteral("n"), QStringLiteral("o")), changed),
                        QStringLiteral("SELECT o.user_id, %1 AS search_vector, o.search_length %2")
                            .arg(difference(QStringLiteral("o"), QStringLiteral("n")), changed)),
             changed, create);
}

QStringList episodeStatistics()
{
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
        statisticsFunction(QStringLiteral("CREATE"), changedRows(false)),
        QStringLiteral("CREATE TRIGGER episodes_stats_insert AFTER INSERT ON episodes REFERENCING NEW TABLE AS "
                       "new_rows FOR EACH STATEMENT EXECUTE FUNCTION engram_episode_stats()"),
        QStringLiteral("CREATE TRIGGER episodes_stats_update AFTER UPDATE ON episodes REFERENCING OLD TABLE AS "
                       "old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION engram_episode_stats()"),
        QStringLiteral("CREATE TRIGGER episodes_stats_delete AFTER DELETE ON episodes REFERENCING OLD TABLE AS "
                       "old_rows FOR EACH STATEMENT EXECUTE FUNCTION engram_episode_stats()"),
    };
}

// The statement that refreshes, in one UPDATE, the context of every exchange whose neighbours the
// new rows `rows` (a SELECT of whole episode rows) may have changed: for each new exchange, those
// of its conversation from the active exchange before it to the active exchange after it, as
// engram_refresh_context does for one row. Refreshing the union of the ranges once leaves every
// row as refreshing them row by row would; a bulk insert then writes each neighbour once.
QString refreshAroundAll(const QString& rows, ContextHolders holders)
{
    const auto nearest = [](QChar side) {
        const QString order = side == QLatin1Char('<') ? QStringLiteral("DESC") : QStringLiteral("ASC");
        return QStringLiteral("LEFT JOIN LATERAL (SELECT n.created_at, n.seq FROM episodes n "
                              "WHERE n.user_id = r.user_id AND n.conversation_id = r.conversation_id "
                              "AND n.kind = 'exchange' AND n.status = 'active' "
                              "AND (n.created_at, n.seq) %1 (r.created_at, r.seq) "
                              "ORDER BY n.created_at %2, n.seq %2 LIMIT 1) %3 ON true")
            .arg(QString(side), order, side == QLatin1Char('<') ? QStringLiteral("lo") : QStringLiteral("hi"));
    };
    return QStringLiteral(
               "WITH ranges AS MATERIALIZED (SELECT r.user_id, r.conversation_id, "
               "coalesce(lo.created_at, r.created_at) AS lo_at, coalesce(lo.seq, r.seq) AS lo_seq, "
               "coalesce(hi.created_at, r.created_at) AS hi_at, coalesce(hi.seq, r.seq) AS hi_seq "
               "FROM (%1) r %2 %3 WHERE r.kind = 'exchange' AND r.conversation_id <> ''), "
               "targets AS MATERIALIZED (SELECT DISTINCT x.seq FROM ranges JOIN episodes x "
               "ON x.user_id = ranges.user_id AND x.conversation_id = ranges.conversation_id AND x.kind = 'exchange' "
               "AND (x.created_at, x.seq) >= (ranges.lo_at, ranges.lo_seq) "
               "AND (x.created_at, x.seq) <= (ranges.hi_at, ranges.hi_seq)), "
               "fresh AS MATERIALIZED (SELECT e.seq, %4 AS context FROM targets t JOIN episodes e ON e.seq = t.seq) "
               "UPDATE episodes SET search_context = fresh.context FROM fresh WHERE episodes.seq = fresh.seq "
               "AND episodes.search_context IS DISTINCT FROM fresh.context")
        .arg(rows, nearest(QLatin1Char('<')), nearest(QLatin1Char('>')),
             episodeContextExpression(QStringLiteral("e"), holders));
}

// The two functions whose statements hold the context's expression: engram_refresh_context,
// which refreshes the exchanges around one row, and engram_context_inserted, around every row a
// statement inserted.
QStringList contextFunctions(const QString& create, ContextHolders holders)
{
    const QString context = episodeContextExpression(QStringLiteral("episodes"), holders);
    return {
        QStringLiteral(R"(%2 FUNCTION engram_refresh_context(r_user text, r_conversation text, r_at bigint,
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
            .arg(context, create),
        // New rows are refreshed around once a statement: a batch of a thousand is one UPDATE.
        QStringLiteral(R"(%2 FUNCTION engram_context_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF current_setting('engram.bulk_load', true) = 'on' THEN
                    RETURN NULL; -- engram_bulk_finish() does it
                END IF;
                %1;
                RETURN NULL;
            END
        $$)")
            .arg(refreshAroundAll(QStringLiteral("SELECT * FROM new_rows"), holders), create),
    };
}

// search_context on a server, kept as SQLite's triggers keep it (Migrations.cpp, version 5): a
// new, edited, archived or deleted exchange refreshes the context of the exchanges of its
// conversation from the active one before it to the active one after it.
QStringList neighbourContext()
{
    const QStringList functions = contextFunctions(QStringLiteral("CREATE"), ContextHolders::AnyExchange);
    return {
        functions.at(0),
        QStringLiteral(R"(CREATE FUNCTION engram_context_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                -- Set while every episode of a user is deleted: no neighbour is left to refresh.
                IF current_setting('engram.skip_context', true) = 'on' THEN
                    RETURN NULL;
                END IF;
                IF TG_OP = 'DELETE' THEN
                    PERFORM engram_refresh_context(OLD.user_id, OLD.conversation_id, OLD.created_at, OLD.seq, NULL);
                ELSE
                    PERFORM engram_refresh_context(NEW.user_id, NEW.conversation_id, NEW.created_at, NEW.seq,
                                                   NEW.seq);
                END IF;
                RETURN NULL;
            END
        $$)"),
        functions.at(1),
        // Named to fire after episodes_stats_insert (triggers of one event fire in the order of
        // their names): the new rows' terms and lengths are counted before their context is
        // written. The other way round, a new user's statistics row was first made by the
        // context's update, with no episode counted yet, and dropped as empty, the context's
        // tokens with it.
        QStringLiteral("CREATE TRIGGER episodes_then_context_insert AFTER INSERT ON episodes REFERENCING NEW TABLE "
                       "AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION engram_context_inserted()"),
        QStringLiteral("CREATE TRIGGER episodes_context_delete AFTER DELETE ON episodes FOR EACH ROW "
                       "WHEN (OLD.kind = 'exchange' AND OLD.conversation_id <> '') "
                       "EXECUTE FUNCTION engram_context_trigger()"),
        QStringLiteral("CREATE TRIGGER episodes_context_update AFTER UPDATE OF search_body, status ON episodes "
                       "FOR EACH ROW WHEN (NEW.kind = 'exchange' AND NEW.conversation_id <> '' AND "
                       "(OLD.search_body IS DISTINCT FROM NEW.search_body OR OLD.status IS DISTINCT FROM NEW.status)) "
                       "EXECUTE FUNCTION engram_context_trigger()"),
    };
}

// A bulk load (ServerEpisodeIndex::beginBulkLoad, inside the importer's transaction) sets
// engram.bulk_load for the transaction: its inserts then skip the statistics and the neighbours'
// context, and engram_bulk_finish() does both once for the rows this transaction inserted since
// (seq above `after`, written by this transaction). The context first: the new rows are written a
// second time by it, and their terms are counted once, from their final vectors; the exchanges
// that were there before and took a new neighbour are counted as any update is.
QStringList bulkLoad()
{
    const QString loaded = QStringLiteral("FROM episodes WHERE seq > p_after AND xmin = pg_current_xact_id()::xid");
    return {
        // Returns how many episodes the bulk load brought.
        QStringLiteral(R"(CREATE FUNCTION engram_bulk_finish(p_after bigint) RETURNS bigint LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM set_config('engram.bulk_load', 'off', true);
                PERFORM set_config('engram.bulk_after', p_after::text, true);
                %1;
                PERFORM set_config('engram.bulk_after', '', true);
                %2
                RETURN (SELECT count(*) %3);
            END
        $$)")
            .arg(refreshAroundAll(QStringLiteral("SELECT * %1").arg(loaded), ContextHolders::AnyExchange),
                 countTerms(QStringLiteral("SELECT user_id, search_vector, search_length %1").arg(loaded), {}), loaded),
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
QStringList serverMigration1()
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
                (engram_lexemes(user_id, search_body, search_extra, search_context)) STORED,
            search_length INTEGER GENERATED ALWAYS AS
                (engram_token_count(search_body, search_extra, search_context)) STORED
        ))"),
        QStringLiteral("CREATE INDEX episodes_user ON episodes(user_id, status, created_at)"),
        QStringLiteral("CREATE INDEX episodes_topic ON episodes(user_id, topic_key) WHERE topic_key <> ''"),
        QStringLiteral("CREATE INDEX episodes_summaries ON episodes(user_id, status) WHERE kind = 'summary'"),
        // With seq, the nearest neighbour of an exchange is the first entry the index gives.
        QStringLiteral("CREATE INDEX episodes_conversation ON episodes(user_id, conversation_id, created_at, seq)"),
        // The size of the GIN index's pending list is set by each connection
        // (ServerConnection: gin_pending_list_limit), not here: a storage parameter would outrank
        // the bulk load's own.
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
            search_vector tsvector GENERATED ALWAYS AS (engram_vector(search_body)) STORED,
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
    statements += bulkLoad();
    statements += embeddingTriggers();
    statements +=
        notifyTriggers({QStringLiteral("users"), QStringLiteral("conversations"), QStringLiteral("messages"),
                        QStringLiteral("episodes"), QStringLiteral("facts"), QStringLiteral("events"),
                        QStringLiteral("trash"), QStringLiteral("embeddings"), QStringLiteral("tool_clients")});
    return statements;
}

// The newest of a user's episodes by seq, the order SQLite's FTS5 gives (rowid): a search reading
// them back to find the newest holders of common terms stops at the last it needs, where
// episodes_user (by time) had it read and sort a whole window first (8 ms instead of 1 at
// 100,000 episodes; ServerEpisodeIndex::score).
QStringList serverMigration2()
{
    return {QStringLiteral("CREATE INDEX episodes_newest ON episodes(user_id, status, seq)")};
}

// engram_bulk_finish from version 3 on: a bulk load's terms counted by ts_stat, a user at a
// time. The context is refreshed first, as in version 1, so that the final vectors are counted.
QString bulkFinishFunction(ContextHolders holders)
{
    const QString loaded = QStringLiteral("FROM episodes WHERE seq > p_after AND xmin = pg_current_xact_id()::xid");
    return QStringLiteral(R"(CREATE OR REPLACE FUNCTION engram_bulk_finish(p_after bigint) RETURNS bigint
            LANGUAGE plpgsql AS $$
            DECLARE
                owner text;
            BEGIN
                PERFORM set_config('engram.bulk_load', 'off', true);
                PERFORM set_config('engram.bulk_after', p_after::text, true);
                %1;
                PERFORM set_config('engram.bulk_after', '', true);
                -- Owners in order, each locked before its terms, as the triggers do (countTerms);
                -- a user being deleted is skipped: its statistics go with it.
                FOR owner IN SELECT DISTINCT user_id %2
                                 AND EXISTS (SELECT 1 FROM users u WHERE u.id = episodes.user_id) ORDER BY 1 LOOP
                    PERFORM pg_advisory_xact_lock(hashtextextended('engram_terms ' || owner, 0));
                    INSERT INTO episode_terms (user_id, term, docs)
                        SELECT owner, s.word, s.ndoc
                        FROM ts_stat(format('SELECT search_vector FROM episodes WHERE user_id = %L AND seq > %s '
                                            'AND xmin = pg_current_xact_id()::xid', owner, p_after)) s
                        WHERE s.word NOT LIKE ' %' ORDER BY s.word
                        ON CONFLICT (user_id, term) DO UPDATE SET docs = episode_terms.docs + excluded.docs;
                    INSERT INTO episode_stats (user_id, docs, tokens)
                        SELECT owner, count(*), coalesce(sum(search_length), 0) %2 AND user_id = owner
                        ON CONFLICT (user_id) DO UPDATE SET docs = episode_stats.docs + excluded.docs,
                                                            tokens = episode_stats.tokens + excluded.tokens;
                END LOOP;
                RETURN (SELECT count(*) %2);
            END
        $$)")
        .arg(refreshAroundAll(QStringLiteral("SELECT * %1").arg(loaded), holders), loaded);
}

// Version 3: a bulk load's terms counted by ts_stat, a user at a time, instead of a row per term
// of every loaded episode grouped in SQL (one word a term and a count, in C): 20,000 imported
// episodes hold two million such rows, which took 2.1 s to sort and count, and ts_stat 0.26 s.
QStringList serverMigration3()
{
    return {bulkFinishFunction(ContextHolders::AnyExchange)};
}

// Version 4: an update that changed an episode's length but not its terms (a new neighbour whose
// words the context held already, an edit that repeats a word) left the user's token total as it
// was, so BM25's average length drifted from the truth. Such rows are counted now, and the totals
// are counted once afresh.
QStringList serverMigration4()
{
    return {
        statisticsFunction(QStringLiteral("CREATE OR REPLACE"), changedRows(true)),
        QStringLiteral("UPDATE episode_stats s SET tokens = t.tokens FROM (SELECT user_id, "
                       "sum(search_length) AS tokens FROM episodes GROUP BY user_id) t "
                       "WHERE s.user_id = t.user_id AND s.tokens <> t.tokens"),
    };
}

// Version 5, engram_lexemes mended twice:
// - An episode whose search text is over 2,044 bytes is stored. The test for a run of 512
//   characters without a space, '[^ ]{512}', is not a regular expression PostgreSQL takes (255
//   repetitions at most): every such episode failed with "invalid repetition count(s)" (a
//   Chinese message of some 150-200 characters, whose tokens are its characters and their
//   pairs). Now '([^ ]{128}){4}'.
// - A memory's dump restores. pg_dump and pg_restore run with an empty search_path, and
//   PostgreSQL inlines engram_lexemes into the episodes' generated column when the table is made:
//   its call of engram_long_tokens, named without a schema, was then not found, so the restore
//   failed at CREATE TABLE episodes and went on without the table and every episode in it. The
//   call now names the schema the memory lives in (the one the migration runs in, put in by
//   format's %I); the function stays inlinable (a SET search_path on it would not be).
// Every stored vector is what the mended function gives: only texts it could store were stored.
QStringList serverMigration5()
{
    const QString lexemes = lexemesFunction(QStringLiteral("CREATE OR REPLACE"),
                                            QStringLiteral("%I.engram_long_tokens"), QStringLiteral("([^ ]{128}){4}"));
    return {QStringLiteral("DO $migrate$ BEGIN EXECUTE format($text$%1\n$text$, current_schema()); END $migrate$")
                .arg(lexemes)};
}

// Version 6, as SQLite's version 10: an archived exchange holds no context (ContextHolders), so
// none keeps the words of a neighbour archived or deleted after it. The functions that refresh
// contexts give an archived exchange an empty one; whoever changes an exchange's status writes
// its own (EpisodeStore), as the trigger leaves the row it fires for alone. The archived
// exchanges' contexts are emptied here; the statistics trigger counts what leaves their vectors.
QStringList serverMigration6()
{
    QStringList statements = contextFunctions(QStringLiteral("CREATE OR REPLACE"), ContextHolders::ActiveExchanges);
    statements.append(bulkFinishFunction(ContextHolders::ActiveExchanges));
    statements.append(QStringLiteral("UPDATE episodes SET search_context = '' WHERE status <> 'active' "
                                     "AND search_context <> ''"));
    return statements;
}

// Version 7, as SQLite's version 11: a user's messages by time (MessageStore::held).
QStringList serverMigration7()
{
    return {QStringLiteral("CREATE INDEX messages_user_time ON messages(user_id, created_at)")};
}

// Version 8, as SQLite's version 12: the trash by delete event (undo) and by time (purging).
QStringList serverMigration8()
{
    return {QStringLiteral("CREATE INDEX trash_event ON trash(user_id, event_id)"),
            QStringLiteral("CREATE INDEX trash_deleted ON trash(deleted_at)")};
}

} // namespace

const std::vector<QStringList>& serverMigrations()
{
    static const std::vector<QStringList> migrations{serverMigration1(), serverMigration2(), serverMigration3(),
                                                     serverMigration4(), serverMigration5(), serverMigration6(),
                                                     serverMigration7(), serverMigration8()};
    return migrations;
}

} // namespace engram
