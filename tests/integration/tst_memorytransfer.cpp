#include "MemoryFixture.h"
#include "memory/ItemJson.h"
#include "memory/MemoryDocument.h"
#include "storage/Database.h"
#include "storage/EpisodeStore.h"
#include "storage/EventLog.h"
#include "storage/Sql.h"

#include <QBuffer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace engram;

namespace {

const QString kA = QStringLiteral("anna");
const QString kB = QStringLiteral("bruno");

FactInput fact(const QString& predicate, const QString& object)
{
    FactInput in;
    in.predicate = predicate;
    in.object = object;
    in.source = FactSource::Manual;
    return in;
}

QByteArray exported(MemoryService& m, const QString& user)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    auto report = m.exportMemory(user, buffer);
    if (!report)
        qWarning() << report.errorMessage();
    return buffer.data();
}

QByteArray document(const Json& body)
{
    Json doc = body;
    doc["format"] = "engram-memory";
    doc["version"] = 1;
    return QByteArray::fromStdString(doc.dump());
}

QList<Fact> factsOf(MemoryService& m, const QString& user, ItemStatus status)
{
    FactFilter filter;
    filter.statuses = {status};
    auto facts = FactStore(m.database()).list(user, filter);
    return facts ? *facts : QList<Fact>();
}

} // namespace

class TestMemoryTransfer final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void invalidUtf8IsReportedByItsByteOffset_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("offset");
        QTest::newRow("CJK and emoji are valid") << QByteArray("{\"a\":\"电商 \xF0\x9F\x98\x80\"}") << -1;
        QTest::newRow("overlong slash") << QByteArray("{\"a\":\"\xC0\xAF\"}") << 6;
        QTest::newRow("surrogate") << QByteArray("{\"a\":\"\xED\xA0\x80\"}") << 6;
        QTest::newRow("above U+10FFFF") << QByteArray("{\"a\":\"\xF4\x90\x80\x80\"}") << 6;
        QTest::newRow("lone continuation byte") << QByteArray("{\"a\":\"x\x80\"}") << 7;
        QTest::newRow("cut at the end") << QByteArray("{\"a\":\"\xE4\xB8") << 6;
    }

    void invalidUtf8IsReportedByItsByteOffset()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, offset);
        auto doc = MemoryDocument::fromBytes(bytes);
        QVERIFY(!doc);
        if (offset < 0) {
            QVERIFY2(!doc.errorMessage().contains(QStringLiteral("UTF-8")), qPrintable(doc.errorMessage()));
            QVERIFY(doc.errorMessage().contains(QStringLiteral("format")));
        } else {
            QVERIFY2(doc.errorMessage().contains(QStringLiteral("not valid UTF-8")), qPrintable(doc.errorMessage()));
            QVERIFY2(doc.errorMessage().contains(QStringLiteral("byte %1 ").arg(offset)),
                     qPrintable(doc.errorMessage()));
        }
    }

    void importIntoAnotherUserGivesNewIdsConsistently()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kA));
        QVERIFY(m->rememberFact(kA, fact(QStringLiteral("project"), QStringLiteral("电商"))));
        m.clock().advanceDays(1);
        auto current = m->rememberFact(kA, fact(QStringLiteral("project"), QStringLiteral("短视频")));
        QVERIFY(current);
        const QByteArray bytes = exported(m.service(), kA);

        auto report = m->importDocument(kB, bytes);
        QVERIFY2(report, qPrintable(report.errorMessage()));
        QCOMPARE(report->facts.added, 2);
        QVERIFY(report->renumbered >= 2);
        const QList<Fact> active = factsOf(m.service(), kB, ItemStatus::Active);
        const QList<Fact> old = factsOf(m.service(), kB, ItemStatus::Superseded);
        QCOMPARE(active.size(), 1);
        QCOMPARE(old.size(), 1);
        QVERIFY(active.first().id != current->fact.id);
        QCOMPARE(old.first().supersededBy, active.first().id); // the lineage follows the new ids
        QCOMPARE(factsOf(m.service(), kA, ItemStatus::Active).first().id, current->fact.id);
    }

    void mergeKeepsOneCurrentValuePerKey()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kA));
        QVERIFY(m->rememberFact(kA, fact(QStringLiteral("editor"), QStringLiteral("Vim"))));
        Json f = Json::object();
        f["subject"] = "user";
        f["predicate"] = "Editor";
        f["object"] = "Emacs";
        Json body = Json::object();
        body["facts"] = Json::array({f});
        auto report = m->importDocument(kA, document(body));
        QVERIFY2(report, qPrintable(report.errorMessage()));
        QCOMPARE(report->madePending, 1);
        const QList<Fact> active = factsOf(m.service(), kA, ItemStatus::Active);
        QCOMPARE(active.size(), 1);
        QCOMPARE(active.first().object, QStringLiteral("Vim"));
        QCOMPARE(factsOf(m.service(), kA, ItemStatus::Pending).first().object, QStringLiteral("Emacs"));
    }

    // A file without ids is given new ones each time it is read: imported twice, its facts met
    // their own values and waited as pending duplicates that "disagreed" with them, one more copy
    // per import. A fact the memory holds already (the same value, told as keys are) is known.
    void aFactTheMemoryHoldsAlreadyIsNotAddedAgain()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kA));
        Json body = Json::object();
        body["facts"] = Json::array();
        for (const auto& [predicate, object] : {std::pair{"editor", "Vim"}, std::pair{"lives in", "里斯本"}}) {
            Json f = Json::object();
            f["subject"] = "user";
            f["predicate"] = predicate;
            f["object"] = object;
            body["facts"].push_back(f);
        }
        auto first = m->importDocument(kA, document(body));
        QVERIFY2(first, qPrintable(first.errorMessage()));
        QCOMPARE(first->facts.added, 2);

        body["facts"][0]["object"] = "vim"; // the same value, written otherwise
        auto second = m->importDocument(kA, document(body));
        QVERIFY2(second, qPrintable(second.errorMessage()));
        QCOMPARE(second->facts.added, 0);
        QCOMPARE(second->facts.skipped, 2);
        QCOMPARE(second->madePending, 0);
        QCOMPARE(factsOf(m.service(), kA, ItemStatus::Active).size(), 2);
        QCOMPARE(factsOf(m.service(), kA, ItemStatus::Pending).size(), 0);

        // Another value of a key still waits for the user.
        body["facts"][0]["object"] = "Emacs";
        auto third = m->importDocument(kA, document(body));
        QVERIFY2(third, qPrintable(third.errorMessage()));
        QCOMPARE(third->facts.added, 1);
        QCOMPARE(third->madePending, 1);
    }

    // A fact another memory learned too: its value merges with this memory's, and the value it
    // superseded there joins this one's history, naming this memory's fact.
    void aFactLearnedOnTwoDevicesMergesWithItsHistory()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kA) && m->ensureUser(kB));
        QVERIFY(m->rememberFact(kA, fact(QStringLiteral("project"), QStringLiteral("电商"))));
        m.clock().advanceDays(1);
        QVERIFY(m->rememberFact(kA, fact(QStringLiteral("project"), QStringLiteral("短视频"))));
        auto held = m->rememberFact(kB, fact(QStringLiteral("project"), QStringLiteral("短视频")));
        QVERIFY(held);

        auto report = m->importDocument(kB, exported(m.service(), kA));
        QVERIFY2(report, qPrintable(report.errorMessage()));
        QCOMPARE(report->facts.added, 1);
        QCOMPARE(report->facts.skipped, 1);
        QCOMPARE(report->madePending, 0);
        const QList<Fact> active = factsOf(m.service(), kB, ItemStatus::Active);
        QCOMPARE(active.size(), 1);
        QCOMPARE(active.first().id, held->fact.id);
        const QList<Fact> old = factsOf(m.service(), kB, ItemStatus::Superseded);
        QCOMPARE(old.size(), 1);
        QCOMPARE(old.first().object, QStringLiteral("电商"));
        QCOMPARE(old.first().supersededBy, held->fact.id);
    }

    // A chat history without ids, loaded as episodes (EXPORT_FORMAT.md) and imported again: each
    // reading gives it new ids, and it was all added a second time. An episode the memory held
    // before the import (the same kind, time, message and reply, archived or not) is known; two
    // equal ones in one file both go in.
    void aChatHistoryWithoutIdsImportedTwiceIsThereOnce()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kA));
        Json body = Json::object();
        body["episodes"] = Json::array();
        for (const auto& [content, response] : {std::pair{"How do I rotate the API keys?", "With the admin console."},
                                                std::pair{"谢谢", "不客气"}, std::pair{"谢谢", "不客气"}}) {
            Json e = Json::object();
            e["content"] = content;
            e["response"] = response;
            e["created_at"] = "2024-05-02T10:00:00Z";
            body["episodes"].push_back(e);
        }
        auto first = m->importDocument(kA, document(body));
        QVERIFY2(first, qPrintable(first.errorMessage()));
        QCOMPARE(first->episodes.added, 3);

        // One of them archived meanwhile: still the memory's.
        EpisodeStore store(m.service().database());
        Episode archived = store.list(kA).value().first();
        archived.status = ItemStatus::Archived;
        archived.archivedAt = m.clock().now();
        QVERIFY(store.update(archived));

        auto second = m->importDocument(kA, document(body));
        QVERIFY2(second, qPrintable(second.errorMessage()));
        QCOMPARE(second->episodes.added, 0);
        QCOMPARE(second->episodes.skipped, 3);
        EpisodeFilter any;
        any.status = std::nullopt;
        QCOMPARE(store.count(kA, any).value(), 3);

        // Another reply, or another time, is another episode.
        body["episodes"][0]["response"] = "With the command line.";
        body["episodes"][1]["created_at"] = "2024-05-02T10:00:01Z";
        auto third = m->importDocument(kA, document(body));
        QVERIFY2(third, qPrintable(third.errorMessage()));
        QCOMPARE(third->episodes.added, 2);
        QCOMPARE(third->episodes.skipped, 1);
        QCOMPARE(store.count(kA, any).value(), 5);
    }

    void messagesWithoutAConversationGetOne()
    {
        test::MemoryFixture m;
        Json body = Json::object();
        body["working"] = Json::array();
        for (const char* text : {"hello", "hi there"}) {
            Json message = Json::object();
            message["role"] = text[0] == 'h' && text[1] == 'e' ? "user" : "assistant";
            message["content"] = text;
            message["created_at"] = "2025-01-02T03:04:05Z";
            body["working"].push_back(message);
        }
        QSignalSpy reset(&m.service(), &MemoryService::memoryReset);
        auto report = m->importDocument(kA, document(body));
        QVERIFY2(report, qPrintable(report.errorMessage()));
        QCOMPARE(report->messages.added, 2);
        QCOMPARE(report->conversations.added, 1);
        QCOMPARE(reset.count(), 1);
        auto conversations = m->conversations(kA);
        QVERIFY(conversations);
        QCOMPARE(conversations->size(), 1);
        auto transcript = m->transcript(kA, conversations->first().id);
        QVERIFY(transcript);
        QCOMPARE(transcript->size(), 2);
        QCOMPARE(transcript->at(1).content, QStringLiteral("hi there"));
        QCOMPARE(transcript->at(0).createdAt, QDateTime(QDate(2025, 1, 2), QTime(3, 4, 5), Qt::UTC));

        // Imported again: the same messages (role, time, text) are the memory's already, and no
        // second conversation is made for them. Another text is another message.
        auto again = m->importDocument(kA, document(body));
        QVERIFY2(again, qPrintable(again.errorMessage()));
        QCOMPARE(again->messages.added, 0);
        QCOMPARE(again->messages.skipped, 2);
        QCOMPARE(m->conversations(kA)->size(), 1);
        body["working"][1]["content"] = "hi there, again";
        auto changed = m->importDocument(kA, document(body));
        QVERIFY2(changed, qPrintable(changed.errorMessage()));
        QCOMPARE(changed->messages.added, 1);
        QCOMPARE(changed->messages.skipped, 1);
    }

    void clearRemovesEveryPerUserTableOfThatUserOnly()
    {
        test::MemoryFixture m;
        for (const QString& user : {kA, kB}) {
            const QString conversation = m.newConversation(user);
            m.addRound(user, conversation, QStringLiteral("what is my plan"), QStringLiteral("ship it"));
            QVERIFY(m->recordExchange(user, conversation, QStringLiteral("what is my plan"), QStringLiteral("ship")));
            QVERIFY(m->rememberFact(user, fact(QStringLiteral("plan"), QStringLiteral("ship"))));
            const QSqlDatabase& db = m->database().connection();
            QVERIFY(sql::execute(db,
                                 QStringLiteral("INSERT INTO jobs (id, user_id, kind, dedupe_key, next_run_at, "
                                                "created_at, updated_at) VALUES (?, ?, 'extract', ?, 0, 0, 0)"),
                                 {newId(), user, newId()}));
            QVERIFY(sql::execute(db,
                                 QStringLiteral("INSERT INTO embeddings (item_id, user_id, item_type, model, dim, "
                                                "vector) VALUES (?, ?, 'fact', 'm', 1, ?)"),
                                 {newId(), user, QByteArray(4, '\0')}));
        }
        const QByteArray beforeB = exported(m.service(), kB);
        QSignalSpy reset(&m.service(), &MemoryService::memoryReset);

        auto report = m->clearMemory(kA);
        QVERIFY2(report, qPrintable(report.errorMessage()));
        QCOMPARE(report->messages, 2);
        QCOMPARE(report->conversations, 1);
        QCOMPARE(report->facts, 1);
        QCOMPARE(report->other, 2); // the job and the embedding
        QCOMPARE(reset.count(), 1);
        QCOMPARE(reset.first().first().toString(), kA);

        const QSqlDatabase& db = m->database().connection();
        for (const char* table : {"messages", "conversations", "episodes", "facts", "trash", "jobs", "embeddings"}) {
            auto a = sql::scalar(
                db, QStringLiteral("SELECT count(*) FROM %1 WHERE user_id = ?").arg(QLatin1String(table)), {kA});
            auto b = sql::scalar(
                db, QStringLiteral("SELECT count(*) FROM %1 WHERE user_id = ?").arg(QLatin1String(table)), {kB});
            QVERIFY(a && b);
            QCOMPARE(a->toInt(), 0);
            if (QByteArray(table) != "trash")
                QVERIFY2(b->toInt() > 0, table);
        }
        auto events = EventLog(m->database()).forUser(kA);
        QVERIFY(events);
        QCOMPARE(events->size(), 1);
        QCOMPARE(events->first().action, QStringLiteral("clear"));
        QVERIFY(m->users()->size() == 2); // the profile stays
        QCOMPARE(exported(m.service(), kB).size(), beforeB.size());
    }

    void undoDoesNotReachBackAcrossAnImport()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kA));
        auto f = m->rememberFact(kA, fact(QStringLiteral("city"), QStringLiteral("Lisbon")));
        QVERIFY(f);
        QVERIFY(m->remove(kA, f->fact.id));
        QVERIFY(m->importDocument(kA, document(Json::object())));
        auto undone = m->undo(kA);
        QVERIFY(!undone);
        QCOMPARE(undone.error().code, Error::Code::NotFound);
        QVERIFY(!m->item(kA, f->fact.id));
    }

    void undoingADeleteBesideANewerValueLeavesItPending()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kA));
        auto old = m->rememberFact(kA, fact(QStringLiteral("city"), QStringLiteral("Lisbon")));
        QVERIFY(old);
        QVERIFY(m->remove(kA, old->fact.id));
        QVERIFY(m->rememberFact(kA, fact(QStringLiteral("city"), QStringLiteral("Porto"))));
        auto undone = m->undo(kA);
        QVERIFY2(undone, qPrintable(undone.errorMessage()));
        QVERIFY(undone->contains(QStringLiteral("pending")));
        auto restored = m->item(kA, old->fact.id);
        QVERIFY(restored);
        QCOMPARE(restored->status, QStringLiteral("pending"));
        QCOMPARE(factsOf(m.service(), kA, ItemStatus::Active).first().object, QStringLiteral("Porto"));
    }

    void aDeletedItemsTextLeavesItsHistoryWhenUndoExpires()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kA));
        auto f = m->rememberFact(kA, fact(QStringLiteral("secret plan"), QStringLiteral("Operation Marmalade")));
        QVERIFY(f);
        QVERIFY(m->edit(kA, f->fact.id, QStringLiteral("Operation Bergamot")));
        QVERIFY(m->remove(kA, f->fact.id));
        const auto texts = [&] {
            QString all;
            const auto history = m->history(kA, f->fact.id);
            for (const HistoryEntry& h : history ? *history : QList<HistoryEntry>())
                all += QString::fromStdString(h.before.dump() + h.after.dump());
            return all;
        };
        QVERIFY(texts().contains(QStringLiteral("Marmalade"))); // still undoable
        m.clock().advanceSecs(60LL * m->config().undoMinutes + 1);
        QVERIFY(m->purgeTrash());
        auto history = m->history(kA, f->fact.id);
        QVERIFY(history);
        QCOMPARE(history->size(), 3); // create, edit, delete: that they happened stays
        QVERIFY2(!texts().contains(QStringLiteral("Marmalade")), qPrintable(texts()));
        QVERIFY(!texts().contains(QStringLiteral("Bergamot")));
        QVERIFY(!m->undo(kA));
    }

    void failedImportWritesNothing()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kA));
        QVERIFY(m->rememberFact(kA, fact(QStringLiteral("city"), QStringLiteral("Lisbon"))));
        const QByteArray before = exported(m.service(), kA);
        Json e = Json::object();
        e["content"] = "fine";
        Json bad = Json::object();
        bad["content"] = "not fine";
        bad["importance"] = 7;
        Json body = Json::object();
        body["episodes"] = Json::array({e, e, bad});
        auto report = m->importDocument(kA, document(body), ImportMode::Replace);
        QVERIFY(!report);
        QCOMPARE(report.error().code, Error::Code::InvalidInput);
        QVERIFY2(report.errorMessage().startsWith(QStringLiteral("episodes[2].importance: ")),
                 qPrintable(report.errorMessage()));
        auto count = m->count(kA);
        QVERIFY(count);
        QCOMPARE(*count, 1);
        QCOMPARE(exported(m.service(), kA).size(), before.size());
    }

    void idsAreStoredInTheirOneCanonicalForm()
    {
        // Braces and upper case are the same UUID: stored once, in lower case without braces,
        // and the references to it (a message's conversation, a fact's successor) follow.
        test::MemoryFixture m;
        const QByteArray body = "{\"format\": \"engram-memory\", \"version\": 1,\n"
            "            \"conversations\": [{\"id\": \"{0D1F2E3A-4B5C-4D6E-8F70-8192A3B4C5D6}\"}],\n"
            "            \"working\": [{\"content\": \"hi\", \"id\": \"{AAAAAAAA-0000-4000-8000-000000000001}\",\n"
            "                         \"conversation_id\": \"0d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6\"}],\n"
            "            \"facts\": [{\"subject\": \"user\", \"predicate\": \"city\", \"object\": \"Porto\", \"status\": \"superseded\",\n"
            "                       \"id\": \"bbbbbbbb-0000-4000-8000-000000000002\",\n"
            "                       \"superseded_by\": \"{BBBBBBBB-0000-4000-8000-000000000003}\"},\n"
            "                      {\"subject\": \"user\", \"predicate\": \"city\", \"object\": \"Lisbon\",\n"
            "                       \"id\": \"BBBBBBBB-0000-4000-8000-000000000003\"}],\n"
            "            \"events\": [{\"item_type\": \"fact\", \"action\": \"edit\", \"item_id\": \"{BBBBBBBB-0000-4000-8000-000000000003}\"},\n"
            "                       {\"item_type\": \"user\", \"action\": \"create\", \"item_id\": \"anna\"}]}";
        auto report = m->importDocument(kA, body);
        QVERIFY2(report, qPrintable(report.errorMessage()));
        QCOMPARE(report->conversations.added, 1);
        const Json doc = Json::parse(exported(m.service(), kA).toStdString());
        QCOMPARE(doc["conversations"].size(), 1u);
        QCOMPARE(doc["conversations"][0]["id"], "0d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6");
        QCOMPARE(doc["working"][0]["id"], "aaaaaaaa-0000-4000-8000-000000000001");
        QCOMPARE(doc["working"][0]["conversation_id"], "0d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6");
        const QList<Fact> old = factsOf(m.service(), kA, ItemStatus::Superseded);
        QCOMPARE(old.size(), 1);
        QCOMPARE(old.first().supersededBy, QStringLiteral("bbbbbbbb-0000-4000-8000-000000000003"));
        QCOMPARE(factsOf(m.service(), kA, ItemStatus::Active).first().id,
                 QStringLiteral("bbbbbbbb-0000-4000-8000-000000000003"));
        bool edit = false;
        bool user = false;
        for (const Json& e : doc["events"]) {
            edit = edit || e["item_id"] == "bbbbbbbb-0000-4000-8000-000000000003";
            user = user || e["item_id"] == "anna"; // not an item: its name is kept as written
        }
        QVERIFY(edit);
        QVERIFY(user);
    }

    void looseIdsAndNulsAreRefusedWithTheirPlace_data()
    {
        QTest::addColumn<QByteArray>("members");
        QTest::addColumn<QString>("expected");
        QTest::newRow("text after the UUID")
            << QByteArray("\"episodes\": [{\"content\": \"x\", \"id\": \"0d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6xyz\"}]")
            << "episodes[0].id: \"0d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6xyz\" is not a UUID";
        QTest::newRow("one brace")
            << QByteArray("\"working\": [{\"content\": \"x\"}, {\"content\": \"y\", \"id\": \"{0d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6\"}]")
            << "working[1].id: ";
        QTest::newRow("NUL after the UUID")
            << QByteArray("\"facts\": [{\"subject\": \"a\", \"predicate\": \"b\", \"object\": \"c\",\n"
            "                                        \"id\": \"0d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6\\u0000\"}]")
            << "facts[0].id: contains a NUL character";
        QTest::newRow("no dashes")
            << QByteArray("\"episodes\": [{\"content\": \"x\", \"id\": \"0d1f2e3a4b5c4d6e8f708192a3b4c5d6\"}]")
            << "episodes[0].id: ";
        QTest::newRow("the same UUID in two forms")
            << QByteArray("\"episodes\": [{\"content\": \"x\", \"id\": \"0d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6\"},\n"
            "                                          {\"content\": \"y\", \"id\": \"{0D1F2E3A-4B5C-4D6E-8F70-8192A3B4C5D6}\"}]")
            << "episodes[1].id: \"0d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6\" appears twice (also at episodes[0].id)";
        QTest::newRow("a conversation that is not a UUID")
            << QByteArray("\"working\": [{\"content\": \"x\", \"conversation_id\": \"chat-1\"}]")
            << "working[0].conversation_id: \"chat-1\" is not a UUID";
        QTest::newRow("a successor that is not a UUID")
            << QByteArray("\"facts\": [{\"subject\": \"a\", \"predicate\": \"b\", \"object\": \"c\", \"superseded_by\": \"next\"}]")
            << "facts[0].superseded_by: ";
        QTest::newRow("an item event naming no UUID")
            << QByteArray("\"events\": [{\"item_type\": \"episode\", \"action\": \"edit\", \"item_id\": \"e1\"}]")
            << "events[0].item_id: ";
        QTest::newRow("NUL in a text")
            << QByteArray("\"episodes\": [{\"content\": \"before\\u0000after\"}]")
            << "episodes[0].content: contains a NUL character (U+0000)";
        QTest::newRow("NUL in a title")
            << QByteArray("\"conversations\": [{\"id\": \"0d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6\", \"title\": \"\\u0000\"}]")
            << "conversations[0].title: contains a NUL";
        QTest::newRow("NUL in metadata")
            << QByteArray("\"episodes\": [{\"content\": \"x\", \"metadata\": {\"origin\": [\"ok\", \"bad\\u0000\"]}}]")
            << "episodes[0].metadata.origin[1]: contains a NUL";
        QTest::newRow("NUL in a metadata key")
            << QByteArray("\"episodes\": [{\"content\": \"x\", \"metadata\": {\"a\\u0000\": 1}}]")
            << "episodes[0].metadata: a key contains a NUL";
        QTest::newRow("NUL in an event's value")
            << QByteArray("\"events\": [{\"item_type\": \"fact\", \"action\": \"edit\", \"after\": {\"object\": \"\\u0000\"}}]")
            << "events[0].after.object: contains a NUL";
        QTest::newRow("an item array twice")
            << QByteArray("\"episodes\": [{\"content\": \"x\"}], \"episodes\": [{\"content\": \"y\"}]")
            << "episodes: appears twice";
        QTest::newRow("the header comes first")
            << QByteArray("\"episodes\": [{\"content\": \"\"}], \"format\": \"something-else\"") << "format: ";
    }

    void looseIdsAndNulsAreRefusedWithTheirPlace()
    {
        QFETCH(QByteArray, members);
        QFETCH(QString, expected);
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kA));
        const QByteArray body = "{\"format\": \"engram-memory\", \"version\": 1, " + members + '}';
        auto report = m->importDocument(kA, body);
        QVERIFY(!report);
        QCOMPARE(report.error().code, Error::Code::InvalidInput);
        QVERIFY2(report.errorMessage().startsWith(expected), qPrintable(report.errorMessage()));
        auto count = m->count(kA);
        QVERIFY(count);
        QCOMPARE(*count, 0);
    }

    void aTextFieldHoldsAtMostTheLimitInCharacters()
    {
        // Counted in characters, not bytes: a million two-byte characters are within the limit.
        test::MemoryFixture m;
        Json e = Json::object();
        e["content"] = QString(itemjson::kMaxFieldChars, QChar(0xE9)).toStdString();
        Json body = Json::object();
        body["episodes"] = Json::array({e});
        auto report = m->importDocument(kA, document(body));
        QVERIFY2(report, qPrintable(report.errorMessage()));
        QCOMPARE(report->episodes.added, 1);

        body["episodes"][0]["content"] = QString(itemjson::kMaxFieldChars + 1, QChar(0xE9)).toStdString();
        report = m->importDocument(kA, document(body));
        QVERIFY(!report);
        QCOMPARE(report.errorMessage(), QStringLiteral("episodes[0].content: is 1000001 characters long; a text field "
                                                       "holds at most 1000000"));
        body["episodes"][0]["content"] = "fine";
        body["episodes"][0]["metadata"]["note"] = std::string(itemjson::kMaxFieldChars + 1, 'x');
        report = m->importDocument(kA, document(body));
        QVERIFY(!report);
        QVERIFY2(report.errorMessage().startsWith(QStringLiteral("episodes[0].metadata.note: is 1000001 characters")),
                 qPrintable(report.errorMessage()));
    }

    void anEditBeyondTheLimitIsRefusedSoExportsStayImportable()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kA));
        auto episode = m->recordExchange(kA, QString(), QStringLiteral("hello"), QStringLiteral("hi"));
        QVERIFY2(episode, qPrintable(episode.errorMessage()));
        const QString huge(itemjson::kMaxFieldChars + 1, QLatin1Char('w'));
        auto edited = m->edit(kA, episode->id, huge);
        QVERIFY(!edited);
        QCOMPARE(edited.error().code, Error::Code::InvalidInput);
        QVERIFY2(edited.errorMessage().contains(QStringLiteral("at most 1000000")), qPrintable(edited.errorMessage()));
        auto within = m->edit(kA, episode->id, huge.left(itemjson::kMaxFieldChars));
        QVERIFY2(within, qPrintable(within.errorMessage()));
        auto again = m->importDocument(kB, exported(m.service(), kA));
        QVERIFY2(again, qPrintable(again.errorMessage()));
        QCOMPARE(again->episodes.added, 1);
    }

    void anImportFromAPipeIsRefusedNotWaitedOn()
    {
        // A FIFO nobody writes to made the import wait forever.
        test::MemoryFixture m;
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("export.json"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        auto report = m->importMemory(kA, fifo, ImportMode::Merge);
        QVERIFY(!report);
        QCOMPARE(report.error().code, Error::Code::InvalidInput);
        QVERIFY2(report.errorMessage().contains(QStringLiteral("not a regular file")), qPrintable(report.errorMessage()));

        auto folder = m->importMemory(kA, dir.path(), ImportMode::Merge);
        QVERIFY(!folder);
        QVERIFY2(folder.errorMessage().contains(QStringLiteral("is a folder")), qPrintable(folder.errorMessage()));
        auto missing = m->importMemory(kA, dir.filePath(QStringLiteral("nothing.json")), ImportMode::Merge);
        QVERIFY(!missing);
        QCOMPARE(missing.error().code, Error::Code::NotFound);
    }
};

QTEST_GUILESS_MAIN(TestMemoryTransfer)
#include "tst_memorytransfer.moc"
