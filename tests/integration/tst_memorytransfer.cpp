#include "MemoryFixture.h"
#include "memory/MemoryDocument.h"
#include "storage/Database.h"
#include "storage/EventLog.h"
#include "storage/Sql.h"

#include <QBuffer>
#include <QSignalSpy>
#include <QTest>

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
                                                "vector) VALUES (?, ?, 'fact', 'm', 1, x'00000000')"),
                                 {newId(), user}));
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
};

QTEST_GUILESS_MAIN(TestMemoryTransfer)
#include "tst_memorytransfer.moc"
