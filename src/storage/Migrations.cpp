#include "storage/Migrations.h"

namespace engram {
namespace {

QStringList migration1()
{
    return {
        QStringLiteral("CREATE TABLE engram_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID"),
        QStringLiteral("INSERT INTO engram_meta (key, value) VALUES ('application', 'engram')"),
        QStringLiteral(R"(CREATE TABLE users (
            id TEXT PRIMARY KEY,
            display_name TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            settings TEXT NOT NULL DEFAULT '{}'
        ) WITHOUT ROWID)"),
        QStringLiteral(R"(CREATE TABLE conversations (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            title TEXT NOT NULL DEFAULT '',
            incognito INTEGER NOT NULL DEFAULT 0,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        ))"),
        QStringLiteral("CREATE INDEX conversations_user ON conversations(user_id, updated_at)"),
        QStringLiteral(R"(CREATE TABLE messages (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
            role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system')),
            content TEXT NOT NULL,
            model_content TEXT NOT NULL DEFAULT '',
            window_state TEXT NOT NULL DEFAULT 'window',
            status TEXT NOT NULL DEFAULT 'complete',
            pinned INTEGER NOT NULL DEFAULT 0,
            created_at INTEGER NOT NULL,
            metadata TEXT NOT NULL DEFAULT '{}'
        ))"),
        QStringLiteral("CREATE INDEX messages_conversation ON messages(conversation_id, seq)"),
        QStringLiteral("CREATE INDEX messages_user_state ON messages(user_id, window_state)"),
        QStringLiteral(R"(CREATE TABLE episodes (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('exchange', 'summary')),
            content TEXT NOT NULL,
            response TEXT NOT NULL DEFAULT '',
            topic_key TEXT NOT NULL DEFAULT '',
            conversation_id TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
            pinned INTEGER NOT NULL DEFAULT 0,
            importance REAL NOT NULL DEFAULT 0.5,
            access_count INTEGER NOT NULL DEFAULT 0,
            last_access_at INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            archived_at INTEGER NOT NULL DEFAULT 0,
            metadata TEXT NOT NULL DEFAULT '{}',
            search_body TEXT NOT NULL DEFAULT '',
            search_extra TEXT NOT NULL DEFAULT ''
        ))"),
        QStringLiteral("CREATE INDEX episodes_user ON episodes(user_id, status, created_at)"),
        QStringLiteral("CREATE INDEX episodes_topic ON episodes(user_id, topic_key) WHERE topic_key != ''"),
        QStringLiteral(R"(CREATE VIRTUAL TABLE episodes_fts USING fts5(
            search_body, search_extra, content='episodes', content_rowid='seq',
            tokenize='unicode61 remove_diacritics 0'))"),
        QStringLiteral(R"(CREATE TRIGGER episodes_fts_insert AFTER INSERT ON episodes BEGIN
            INSERT INTO episodes_fts(rowid, search_body, search_extra)
            VALUES (new.seq, new.search_body, new.search_extra);
        END)"),
        QStringLiteral(R"(CREATE TRIGGER episodes_fts_delete AFTER DELETE ON episodes BEGIN
            INSERT INTO episodes_fts(episodes_fts, rowid, search_body, search_extra)
            VALUES ('delete', old.seq, old.search_body, old.search_extra);
        END)"),
        QStringLiteral(R"(CREATE TRIGGER episodes_fts_update AFTER UPDATE OF search_body, search_extra ON episodes BEGIN
            INSERT INTO episodes_fts(episodes_fts, rowid, search_body, search_extra)
            VALUES ('delete', old.seq, old.search_body, old.search_extra);
            INSERT INTO episodes_fts(rowid, search_body, search_extra)
            VALUES (new.seq, new.search_body, new.search_extra);
        END)"),
        QStringLiteral(R"(CREATE TABLE facts (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            subject TEXT NOT NULL,
            predicate TEXT NOT NULL,
            object TEXT NOT NULL,
            subject_key TEXT NOT NULL,
            predicate_key TEXT NOT NULL,
            confidence REAL NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('active', 'pending', 'superseded', 'deleted', 'rejected', 'archived')),
            source TEXT NOT NULL CHECK (source IN ('user_input', 'llm_extract', 'manual', 'import')),
            conversation_id TEXT NOT NULL DEFAULT '',
            message_id TEXT NOT NULL DEFAULT '',
            model TEXT NOT NULL DEFAULT '',
            valid_from INTEGER NOT NULL,
            valid_to INTEGER NOT NULL DEFAULT 0,
            superseded_by TEXT NOT NULL DEFAULT '',
            pinned INTEGER NOT NULL DEFAULT 0,
            importance REAL NOT NULL DEFAULT 0.5,
            access_count INTEGER NOT NULL DEFAULT 0,
            last_access_at INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            metadata TEXT NOT NULL DEFAULT '{}',
            search_body TEXT NOT NULL DEFAULT ''
        ))"),
        QStringLiteral("CREATE INDEX facts_key ON facts(user_id, subject_key, predicate_key, status)"),
        QStringLiteral("CREATE INDEX facts_user_status ON facts(user_id, status)"),
        QStringLiteral(
            "CREATE UNIQUE INDEX facts_current ON facts(user_id, subject_key, predicate_key) WHERE status = 'active'"),
        QStringLiteral(R"(CREATE VIRTUAL TABLE facts_fts USING fts5(
            search_body, content='facts', content_rowid='seq', tokenize='unicode61 remove_diacritics 0'))"),
        QStringLiteral(R"(CREATE TRIGGER facts_fts_insert AFTER INSERT ON facts BEGIN
            INSERT INTO facts_fts(rowid, search_body) VALUES (new.seq, new.search_body);
        END)"),
        QStringLiteral(R"(CREATE TRIGGER facts_fts_delete AFTER DELETE ON facts BEGIN
            INSERT INTO facts_fts(facts_fts, rowid, search_body) VALUES ('delete', old.seq, old.search_body);
        END)"),
        QStringLiteral(R"(CREATE TRIGGER facts_fts_update AFTER UPDATE OF search_body ON facts BEGIN
            INSERT INTO facts_fts(facts_fts, rowid, search_body) VALUES ('delete', old.seq, old.search_body);
            INSERT INTO facts_fts(rowid, search_body) VALUES (new.seq, new.search_body);
        END)"),
        QStringLiteral(R"(CREATE TABLE events (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            item_id TEXT NOT NULL DEFAULT '',
            item_type TEXT NOT NULL,
            action TEXT NOT NULL,
            actor TEXT NOT NULL CHECK (actor IN ('user', 'assistant', 'system')),
            before TEXT,
            after TEXT,
            created_at INTEGER NOT NULL,
            undone INTEGER NOT NULL DEFAULT 0
        ))"),
        QStringLiteral("CREATE INDEX events_item ON events(item_id, seq)"),
        QStringLiteral("CREATE INDEX events_user ON events(user_id, seq)"),
        QStringLiteral(R"(CREATE TABLE trash (
            seq INTEGER PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            item_id TEXT NOT NULL,
            item_type TEXT NOT NULL,
            event_id TEXT NOT NULL,
            payload TEXT NOT NULL,
            deleted_at INTEGER NOT NULL
        ))"),
        QStringLiteral("CREATE INDEX trash_user ON trash(user_id, seq)"),
        QStringLiteral(R"(CREATE TABLE jobs (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            dedupe_key TEXT NOT NULL UNIQUE,
            payload TEXT NOT NULL DEFAULT '{}',
            status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_run_at INTEGER NOT NULL,
            last_error TEXT NOT NULL DEFAULT '',
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        ))"),
        QStringLiteral("CREATE INDEX jobs_ready ON jobs(status, next_run_at)"),
    };
}

// Version 2: vectors for optional embedding retrieval, one per item and model.
QStringList migration2()
{
    return {
        QStringLiteral(R"(CREATE TABLE embeddings (
            item_id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            item_type TEXT NOT NULL,
            model TEXT NOT NULL,
            dim INTEGER NOT NULL,
            vector BLOB NOT NULL
        ) WITHOUT ROWID)"),
        QStringLiteral("CREATE INDEX embeddings_user ON embeddings(user_id, model)"),
    };
}

// Version 3: an item's vector goes with it (delete, clear, import replace) and when its text is
// edited (the old vector would describe text that is gone); the next embedding job makes a new one.
QStringList migration3()
{
    return {
        QStringLiteral(R"(CREATE TRIGGER episodes_embedding_delete AFTER DELETE ON episodes BEGIN
            DELETE FROM embeddings WHERE item_id = old.id;
        END)"),
        QStringLiteral(R"(CREATE TRIGGER episodes_embedding_edit AFTER UPDATE OF content, response ON episodes
            WHEN old.content IS NOT new.content OR old.response IS NOT new.response BEGIN
            DELETE FROM embeddings WHERE item_id = old.id;
        END)"),
        QStringLiteral(R"(CREATE TRIGGER facts_embedding_delete AFTER DELETE ON facts BEGIN
            DELETE FROM embeddings WHERE item_id = old.id;
        END)"),
        QStringLiteral(R"(CREATE TRIGGER facts_embedding_edit AFTER UPDATE OF subject, predicate, object ON facts
            WHEN old.subject IS NOT new.subject OR old.predicate IS NOT new.predicate
              OR old.object IS NOT new.object BEGIN
            DELETE FROM embeddings WHERE item_id = old.id;
        END)"),
    };
}

// Version 4, for the speed of a turn:
// - a user's active summaries, read from an index alone. Summaries are few among the best
//   matches of a query; a search for them intersects its candidates with this set instead of
//   looking each candidate's row up (EpisodeIndex::ofKind);
// - facts in the profile's order, so a prompt reads its first facts without sorting them all
//   (it replaces facts_user_status, its prefix).
QStringList migration4()
{
    return {
        QStringLiteral("CREATE INDEX episodes_summaries ON episodes(user_id, status) WHERE kind = 'summary'"),
        QStringLiteral(
            "CREATE INDEX facts_profile ON facts(user_id, status, pinned DESC, confidence DESC, updated_at DESC, seq)"),
        QStringLiteral("DROP INDEX facts_user_status"),
    };
}

constexpr int kNeighbourChars = 100;

// The nearest active exchange before ('<') or after ('>') the episode `row` in its conversation:
// the value of `column` of it, or NULL.
QString neighbour(const QString& row, QChar side, const QString& column)
{
    const QString order = side == QLatin1Char('<') ? QStringLiteral("DESC") : QStringLiteral("ASC");
    return QStringLiteral("(SELECT %4 FROM episodes n WHERE n.user_id = %1.user_id "
                          "AND n.conversation_id = %1.conversation_id AND n.kind = 'exchange' "
                          "AND n.status = 'active' AND (n.created_at, n.seq) %2 (%1.created_at, %1.seq) "
                          "ORDER BY n.created_at %3, n.seq %3 LIMIT 1)")
        .arg(row, side, order, column);
}

} // namespace

QString neighbourText(const QString& body)
{
    return QStringLiteral("substr(%1, 1, %2)").arg(body).arg(kNeighbourChars);
}

QString episodeContextExpression(const QString& row, ContextHolders holders)
{
    // The first kNeighbourChars characters of each neighbour's tokens: enough to carry what it is
    // about, and the index does not grow by more than that per exchange (longer contexts cost
    // the turn a millisecond at 10,000 episodes and found no more; BENCHMARKS.md, issue 14).
    // A cut may leave a part of a word, which no query term matches.
    const QString col = neighbourText(QStringLiteral("n.search_body"));
    const QString active =
        holders == ContextHolders::ActiveExchanges ? QStringLiteral("AND %1.status = 'active' ").arg(row) : QString();
    return QStringLiteral("CASE WHEN %1.kind = 'exchange' AND %1.conversation_id != '' %4"
                          "THEN trim(coalesce(%2, '') || ' ' || coalesce(%3, '')) ELSE '' END")
        .arg(row, neighbour(row, QLatin1Char('<'), col), neighbour(row, QLatin1Char('>'), col), active);
}

namespace {

// Refreshes search_context of the exchanges whose neighbours may have changed when `row` was
// written: those of its conversation from the active exchange before it to the active exchange
// after it (archived ones between them included). `exceptRow` leaves the row itself alone: an
// update of it must not rewrite it again while the full-text triggers are indexing it.
QString refreshAround(const QString& row, bool exceptRow, ContextHolders holders)
{
    const auto bound = [&](QChar side, const char* column) {
        return QStringLiteral("coalesce(%1, %2.%3)")
            .arg(neighbour(row, side, QStringLiteral("n.") + QString::fromLatin1(column)), row,
                 QString::fromLatin1(column));
    };
    return QStringLiteral("UPDATE episodes SET search_context = %1 WHERE %2.kind = 'exchange' "
                          "AND %2.conversation_id != '' AND user_id = %2.user_id "
                          "AND conversation_id = %2.conversation_id AND kind = 'exchange' "
                          "AND (created_at, seq) >= (%3, %4) AND (created_at, seq) <= (%5, %6) %7"
                          "AND search_context IS NOT %1;")
        .arg(episodeContextExpression(QStringLiteral("episodes"), holders), row, bound(QLatin1Char('<'), "created_at"),
             bound(QLatin1Char('<'), "seq"), bound(QLatin1Char('>'), "created_at"), bound(QLatin1Char('>'), "seq"),
             exceptRow ? QStringLiteral("AND seq != %1.seq ").arg(row) : QString());
}

// The triggers that index a new episode and refresh its neighbours' context (version 5), and
// those that refresh the neighbours of a deleted exchange and of one edited, archived or restored.
QString insertTrigger(ContextHolders holders)
{
    return QStringLiteral(R"(CREATE TRIGGER episodes_fts_insert AFTER INSERT ON episodes BEGIN
            INSERT INTO episodes_fts(rowid, search_body, search_extra, search_context)
            VALUES (new.seq, new.search_body, new.search_extra, new.search_context);
            %1
        END)")
        .arg(refreshAround(QStringLiteral("new"), false, holders));
}

QStringList contextTriggers(ContextHolders holders)
{
    return {
        QStringLiteral("CREATE TRIGGER episodes_context_delete AFTER DELETE ON episodes "
                       "WHEN old.kind = 'exchange' AND old.conversation_id != '' BEGIN %1 END")
            .arg(refreshAround(QStringLiteral("old"), false, holders)),
        QStringLiteral("CREATE TRIGGER episodes_context_update AFTER UPDATE OF search_body, status ON episodes "
                       "WHEN new.kind = 'exchange' AND new.conversation_id != '' AND "
                       "(old.search_body IS NOT new.search_body OR old.status IS NOT new.status) BEGIN %1 END")
            .arg(refreshAround(QStringLiteral("new"), true, holders)),
    };
}

// Version 5, recall (issue 14): each exchange is also found by what was said around it. A third
// full-text column holds the search tokens of the active exchanges just before and after it in
// its conversation, ranked below its own text (PostingCache::kContextWeight). Triggers keep it
// true on every write: a new exchange, an edit, an archive or a delete refreshes its neighbours,
// so the words of a forgotten exchange leave its neighbours' context with it. The full-text index
// of a row is always written before its context is (the insert trigger does both, in order; the
// update trigger leaves the updated row alone), since FTS5 must be told the exact old values
// of a row it drops. An index finds the neighbours.
QStringList migration5()
{
    return QStringList{
               QStringLiteral("ALTER TABLE episodes ADD COLUMN search_context TEXT NOT NULL DEFAULT ''"),
               QStringLiteral("CREATE INDEX episodes_conversation ON episodes(user_id, conversation_id, created_at)"),
               QStringLiteral("DROP TRIGGER episodes_fts_insert"),
               QStringLiteral("DROP TRIGGER episodes_fts_delete"),
               QStringLiteral("DROP TRIGGER episodes_fts_update"),
               QStringLiteral("DROP TABLE episodes_fts"),
               QStringLiteral("UPDATE episodes SET search_context = %1")
                   .arg(episodeContextExpression(QStringLiteral("episodes"), ContextHolders::AnyExchange)),
               QStringLiteral(R"(CREATE VIRTUAL TABLE episodes_fts USING fts5(
            search_body, search_extra, search_context, content='episodes', content_rowid='seq',
            tokenize='unicode61 remove_diacritics 0'))"),
               QStringLiteral("INSERT INTO episodes_fts(episodes_fts) VALUES('rebuild')"),
               insertTrigger(ContextHolders::AnyExchange),
               QStringLiteral(R"(CREATE TRIGGER episodes_fts_delete AFTER DELETE ON episodes BEGIN
            INSERT INTO episodes_fts(episodes_fts, rowid, search_body, search_extra, search_context)
            VALUES ('delete', old.seq, old.search_body, old.search_extra, old.search_context);
        END)"),
               QStringLiteral(
                   R"(CREATE TRIGGER episodes_fts_update AFTER UPDATE OF search_body, search_extra, search_context
            ON episodes BEGIN
            INSERT INTO episodes_fts(episodes_fts, rowid, search_body, search_extra, search_context)
            VALUES ('delete', old.seq, old.search_body, old.search_extra, old.search_context);
            INSERT INTO episodes_fts(rowid, search_body, search_extra, search_context)
            VALUES (new.seq, new.search_body, new.search_extra, new.search_context);
        END)"),
           } +
           contextTriggers(ContextHolders::AnyExchange);
}

// Version 6: every stored search text written again by the tokenizer of this version, which folds
// traditional Han characters to simplified ones (issue 14), so that a memory written in either
// script is found from the other. Only the rows whose text changes are written, so an upgrade
// touches the index of those alone; the triggers keep the index and the neighbours' contexts.
// A later change of the tokenizer adds a migration like this one.
QStringList migration6()
{
    const QString episodeExtra =
        QStringLiteral("engram_search_text(CASE topic_key WHEN '' THEN response "
                       "ELSE response || ' ' || replace(replace(topic_key, '_', ' '), '-', ' ') END)");
    const QString factBody = QStringLiteral("engram_search_text(subject || ' ' || predicate || ' ' || object)");
    return {
        QStringLiteral("UPDATE episodes SET search_body = engram_search_text(content) "
                       "WHERE search_body IS NOT engram_search_text(content)"),
        QStringLiteral("UPDATE episodes SET search_extra = %1 WHERE search_extra IS NOT %1").arg(episodeExtra),
        QStringLiteral("UPDATE facts SET search_body = %1 WHERE status != 'deleted' AND search_body IS NOT %1")
            .arg(factBody),
    };
}

// Version 7: the events of one action of the user (a delete or pin of several selected items)
// share a group, and one undo takes them all back (issue 15).
QStringList migration7()
{
    return {QStringLiteral("ALTER TABLE events ADD COLUMN action_group TEXT NOT NULL DEFAULT ''"),
            QStringLiteral("CREATE INDEX events_group ON events(user_id, action_group) WHERE action_group != ''")};
}

// Version 8: where an episode came from — a conversation, an import, or (with the MCP server)
// another tool — for the panel's Source filter (issue 15). Kept out of the export: an episode
// imported elsewhere is an imported one there.
QStringList migration8()
{
    return {QStringLiteral("ALTER TABLE episodes ADD COLUMN origin TEXT NOT NULL DEFAULT 'conversation' "
                           "CHECK (origin IN ('conversation', 'import', 'tool'))")};
}

// Version 9: the AI tools that use the memory through the MCP server — what the user lets each do
// and when it last read or wrote — and, on every event, the tool that made the change (issue 16).
QStringList migration9()
{
    return {QStringLiteral(R"(CREATE TABLE tool_clients (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            version TEXT NOT NULL DEFAULT '',
            access TEXT NOT NULL DEFAULT 'ask' CHECK (access IN ('ask', 'read_write', 'read_only', 'off')),
            first_seen INTEGER NOT NULL,
            last_read INTEGER,
            last_write INTEGER,
            PRIMARY KEY (user_id, name)
        ))"),
            QStringLiteral("ALTER TABLE events ADD COLUMN client TEXT NOT NULL DEFAULT ''")};
}

// Version 10: an archived exchange holds no context (ContextHolders). Its context was refreshed
// only while it lay between two active exchanges of its conversation; one past the last of them
// kept the words of a neighbour archived or deleted after it, a deleted exchange's words among
// them, and took them back on its restore. The triggers now give an archived exchange an empty
// context, and whoever changes an exchange's status writes its own (EpisodeStore): the triggers
// leave the row they fire for alone. The archived exchanges' contexts are emptied here, their
// index with them (the full-text trigger).
QStringList migration10()
{
    QStringList statements{
        QStringLiteral("DROP TRIGGER episodes_fts_insert"), QStringLiteral("DROP TRIGGER episodes_context_delete"),
        QStringLiteral("DROP TRIGGER episodes_context_update"), insertTrigger(ContextHolders::ActiveExchanges)};
    statements += contextTriggers(ContextHolders::ActiveExchanges);
    statements.append(QStringLiteral("UPDATE episodes SET search_context = '' WHERE status != 'active' "
                                     "AND search_context != ''"));
    return statements;
}

// Version 11: a user's messages by time, for an import to find those the memory holds already
// whatever their ids (MessageStore::held): a transcript without ids imported twice was there twice.
QStringList migration11()
{
    return {QStringLiteral("CREATE INDEX messages_user_time ON messages(user_id, created_at)")};
}

// Version 12: the trash by the delete event that put an item there (an undo takes it back) and by
// time (every delete first asks whether any is due for purging): both read the whole trash,
// a thousand times over when a thousand selected items were deleted and brought back.
QStringList migration12()
{
    return {QStringLiteral("CREATE INDEX trash_event ON trash(user_id, event_id)"),
            QStringLiteral("CREATE INDEX trash_deleted ON trash(deleted_at)")};
}

} // namespace

const std::vector<QStringList>& schemaMigrations()
{
    static const std::vector<QStringList> migrations{migration1(), migration2(),  migration3(),  migration4(),
                                                     migration5(), migration6(),  migration7(),  migration8(),
                                                     migration9(), migration10(), migration11(), migration12()};
    return migrations;
}

} // namespace engram
