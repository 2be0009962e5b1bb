#include "MemoryFixture.h"
#include "TestSupport.h"
#include "storage/Database.h"
#include "storage/Sql.h"

#include <QSignalSpy>
#include <QTest>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("u");

// A user's message, committed in a new conversation, as a turn stores it before the request.
Message ask(test::MemoryFixture& m, const QString& text)
{
    if (!m->ensureUser(kUser))
        qFatal("no user");
    const auto c = m->createConversation(kUser, QStringLiteral("chat"));
    const auto asked = m->appendMessage(kUser, c->id, Role::User, text);
    if (!asked)
        qFatal("cannot store the message: %s", qPrintable(asked.errorMessage()));
    return *asked;
}

int episodeCount(test::MemoryFixture& m)
{
    ItemQuery episodic;
    episodic.tier = Tier::Episodic;
    return *m->count(kUser, episodic);
}

} // namespace

class TestMemoryService final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void undoDeleteRestoresIdContentAndPin()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto f =
            m->addFact(QStringLiteral("u"), QStringLiteral("user"), QStringLiteral("employer"), QStringLiteral("Acme"));
        QVERIFY(m->setPinned(QStringLiteral("u"), f->id, true));
        QVERIFY(m->remove(QStringLiteral("u"), f->id));
        QVERIFY(!m->item(QStringLiteral("u"), f->id));
        m.reopen(); // undo works across processes (the CLI) within the undo period
        auto undone = m->undo(QStringLiteral("u"));
        QVERIFY2(undone, qPrintable(undone.errorMessage()));
        QVERIFY2(undone->contains(QStringLiteral("delete")), qPrintable(*undone));
        auto back = m->item(QStringLiteral("u"), f->id);
        QVERIFY(back);
        QCOMPARE(back->object, QStringLiteral("Acme"));
        QVERIFY(back->pinned);
    }

    // The changes of one action reach the panel as one signal per kind and tier, once the action
    // has committed; an action that fails announces nothing. Its undo is one change too.
    void anActionAnnouncesItsChangesOnceCommitted()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kUser));
        QStringList ids;
        for (int i = 0; i < 3; ++i)
            ids.append(m->recordExchange(kUser, {}, QStringLiteral("exchange %1").arg(i), QStringLiteral("r"))->id);
        const QString fact =
            m->addFact(kUser, QStringLiteral("user"), QStringLiteral("employer"), QStringLiteral("Acme"))->id;
        QSignalSpy removed(&m.service(), &MemoryService::itemsRemoved);
        QSignalSpy changed(&m.service(), &MemoryService::itemsChanged);
        int sentInTransaction = 0; // announced before the action committed
        const auto noteTransaction = [&] { sentInTransaction += m->database().inTransaction() ? 1 : 0; };
        connect(&m.service(), &MemoryService::itemsRemoved, this, noteTransaction);
        connect(&m.service(), &MemoryService::itemsChanged, this, noteTransaction);

        // A failure part way: nothing is kept and nothing is said.
        const Status failed = m->asOneAction([&]() -> Status {
            if (auto st = m->remove(kUser, ids.at(0)); !st)
                return st;
            return Error{Error::Code::Conflict, QStringLiteral("stop")};
        });
        QVERIFY(!failed);
        QCOMPARE(removed.size(), 0);
        QCOMPARE(changed.size(), 0);
        QVERIFY(m->item(kUser, ids.at(0)));

        const Status done = m->asOneAction([&]() -> Status {
            for (const QString& id : std::as_const(ids)) {
                if (auto st = m->remove(kUser, id); !st)
                    return st;
            }
            if (auto st = m->setPinned(kUser, fact, true); !st)
                return st.error();
            return {};
        });
        QVERIFY2(done, qPrintable(done.errorMessage()));
        QCOMPARE(removed.size(), 1); // the three, each once
        QCOMPARE(removed.first().at(1).value<Tier>(), Tier::Episodic);
        QCOMPARE(removed.first().at(2).toStringList(), ids);
        QCOMPARE(changed.size(), 1); // then the pin
        QCOMPARE(changed.first().at(1).value<Tier>(), Tier::Semantic);

        changed.clear();
        auto undone = m->undo(kUser);
        QVERIFY2(undone, qPrintable(undone.errorMessage()));
        QVERIFY(!m->item(kUser, fact)->pinned);
        for (const QString& id : std::as_const(ids))
            QVERIFY(m->item(kUser, id));
        // In the order undone, newest first: the fact unpinned, then the three episodes back.
        QCOMPARE(changed.size(), 2);
        QCOMPARE(changed.at(0).at(1).value<Tier>(), Tier::Semantic);
        QCOMPARE(changed.at(0).at(2).toStringList(), QStringList{fact});
        QCOMPARE(changed.at(1).at(1).value<Tier>(), Tier::Episodic);
        QStringList back = changed.at(1).at(2).toStringList();
        back.sort();
        QStringList expected = ids;
        expected.sort();
        QCOMPARE(back, expected);
        QCOMPARE(sentInTransaction, 0);
    }

    void undoWalksBackEditsAndPins()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto e = m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("first text"), QStringLiteral("r"));
        QVERIFY(m->edit(QStringLiteral("u"), e->id, QStringLiteral("second text")));
        QVERIFY(m->setPinned(QStringLiteral("u"), e->id, true));

        auto u1 = m->undo(QStringLiteral("u"));
        QVERIFY2(u1 && u1->contains(QStringLiteral("pin")), qPrintable(u1.errorMessage()));
        QVERIFY(!m->item(QStringLiteral("u"), e->id)->pinned);
        auto u2 = m->undo(QStringLiteral("u"));
        QVERIFY2(u2 && u2->contains(QStringLiteral("edit")), qPrintable(u2 ? *u2 : u2.errorMessage()));
        QCOMPARE(m->item(QStringLiteral("u"), e->id)->content, QStringLiteral("first text"));
        auto u3 = m->undo(QStringLiteral("u"));
        QVERIFY(!u3);
        QCOMPARE(u3.error().code, Error::Code::NotFound);
    }

    void expiredDeleteIsNoLongerUndoable()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto e = m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("to be erased"), QStringLiteral("r"));
        QVERIFY(m->remove(QStringLiteral("u"), e->id));
        m.clock().advanceSecs(60LL * (m->config().undoMinutes + 1));
        QVERIFY(!m->undo(QStringLiteral("u")));
        QVERIFY(!m->item(QStringLiteral("u"), e->id));
    }

    void deleteLeavesNoContentInAuditLog()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto f = m->addFact(QStringLiteral("u"), QStringLiteral("user"), QStringLiteral("nickname"),
                            QStringLiteral("Zebrafish"));
        QVERIFY(m->remove(QStringLiteral("u"), f->id));
        // The fact is gone; once it can no longer be undone its events remain, without content.
        QVERIFY(m->purgeTrash(true));
        auto history = m->history(QStringLiteral("u"), f->id);
        QVERIFY(history);
        QCOMPARE(history->size(), 2);
        QCOMPARE(history->last().action, QStringLiteral("delete"));
        for (const HistoryEntry& h : *history)
            QVERIFY(h.before.is_null() && h.after.is_null());
        QVERIFY(m->purgeTrash(true));
        QVERIFY(m.service().database().checkpoint());
        QVERIFY(!m->item(QStringLiteral("u"), f->id));
        const QByteArray bytes = test::rawDatabaseBytes(m.path());
        QVERIFY(!bytes.contains("Zebrafish"));
        QVERIFY(!bytes.contains("zebrafish")); // not even as a search token
    }

    void signalsAnnounceEveryChange()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        QSignalSpy changed(&m.service(), &MemoryService::itemsChanged);
        QSignalSpy removed(&m.service(), &MemoryService::itemsRemoved);
        auto f =
            m->addFact(QStringLiteral("u"), QStringLiteral("user"), QStringLiteral("likes"), QStringLiteral("tea"));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.last().at(1).value<Tier>(), Tier::Semantic);
        QCOMPARE(changed.last().at(2).toStringList(), QStringList{f->id});
        QVERIFY(m->setPinned(QStringLiteral("u"), f->id, true));
        QVERIFY(m->edit(QStringLiteral("u"), f->id, QStringLiteral("green tea")));
        QCOMPARE(changed.size(), 3);
        QVERIFY(m->remove(QStringLiteral("u"), f->id));
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed.last().at(0).toString(), QStringLiteral("u"));
    }

    void replyAndItsExchangeAreStoredTogether()
    {
        test::MemoryFixture m;
        const Message asked = ask(m, QStringLiteral("我下周去杭州出差"));
        QSignalSpy changed(&m.service(), &MemoryService::itemsChanged);
        auto stored =
            m->appendReply(kUser, asked.conversationId, asked.content, QStringLiteral("记得带伞，杭州最近多雨。"),
                           MessageStatus::Complete, Json{{"reply_to", asked.id.toStdString()}},
                           Json{{"user_message_id", asked.id.toStdString()}});
        QVERIFY2(stored, qPrintable(stored.errorMessage()));
        QVERIFY(stored->exchange);
        m.reopen(); // both were committed, not only announced
        const QList<Message> transcript = *m->transcript(kUser, asked.conversationId);
        QCOMPARE(transcript.size(), 2);
        QCOMPARE(transcript.last().id, stored->message.id);
        QCOMPARE(transcript.last().role, Role::Assistant);
        auto episode = m->item(kUser, stored->exchange->id);
        QVERIFY2(episode, qPrintable(episode.errorMessage()));
        QCOMPARE(episode->content, asked.content);
        QCOMPARE(QString::fromStdString(episode->metadata.value("assistant_message_id", std::string())),
                 stored->message.id);
        QCOMPARE(QString::fromStdString(episode->metadata.value("user_message_id", std::string())), asked.id);
        // Announced after the commit: the reply in the window, the exchange in the episodes.
        QCOMPARE(changed.size(), 2);
        QCOMPARE(changed.at(0).at(1).value<Tier>(), Tier::Working);
        QCOMPARE(changed.at(1).at(1).value<Tier>(), Tier::Episodic);
    }

    void replyIsNotStoredWithoutItsExchange()
    {
        test::MemoryFixture m;
        const Message asked = ask(m, QStringLiteral("what should I pack for Oslo?"));
        // The episode's insert fails inside the transaction (as a full disk would).
        QVERIFY(test::refuseInserts(m.service().database(), QStringLiteral("episodes")));
        QSignalSpy changed(&m.service(), &MemoryService::itemsChanged);
        auto stored = m->appendReply(kUser, asked.conversationId, asked.content, QStringLiteral("A warm coat."));
        QVERIFY(!stored);
        QVERIFY(changed.isEmpty());
        const QList<Message> transcript = *m->transcript(kUser, asked.conversationId);
        QCOMPARE(transcript.size(), 1); // the user's message, committed before, stays
        QCOMPARE(transcript.first().id, asked.id);
        QCOMPARE(episodeCount(m), 0);
    }

    void replyWithMemoryOffRecordsNoExchange()
    {
        test::MemoryFixture m;
        MemoryConfig off = m->config();
        off.enabled = false;
        m->setConfig(off);
        const Message asked = ask(m, QStringLiteral("hello"));
        auto stored = m->appendReply(kUser, asked.conversationId, asked.content, QStringLiteral("Hi!"));
        QVERIFY2(stored, qPrintable(stored.errorMessage()));
        QVERIFY(!stored->exchange);
        QCOMPARE(m->transcript(kUser, asked.conversationId)->size(), 2);
        QCOMPARE(episodeCount(m), 0);
    }

    void repeatedQuestionIsCountedNotStoredTwice()
    {
        test::MemoryFixture m;
        const QString u = kUser;
        QVERIFY(m->ensureUser(u));
        auto first = m->recordExchange(u, {}, QStringLiteral("How do I renew my passport?"), QStringLiteral("r"));
        auto again = m->recordExchange(u, {}, QStringLiteral("how do I renew my passport"), QStringLiteral("r"));
        QCOMPARE(again->id, first->id);
        QCOMPARE(again->accessCount, first->accessCount + 1);
        auto longer =
            m->recordExchange(u, {}, QStringLiteral("How do I renew my passport while abroad?"), QStringLiteral("r"));
        QVERIFY(longer->id != first->id);
        QCOMPARE(episodeCount(m), 2);
        // Without words, only the same text (spaces aside) is a repeat, however long the padding.
        auto mark = m->recordExchange(u, {}, QStringLiteral("??"), QStringLiteral("r"));
        auto padded = m->recordExchange(u, {}, QStringLiteral("   ??   "), QStringLiteral("r"));
        QCOMPARE(padded->id, mark->id);
        QCOMPARE(episodeCount(m), 3);
    }

    void historyShowsVersions()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        FactInput in;
        in.predicate = QStringLiteral("project");
        in.object = QStringLiteral("星火计划");
        QVERIFY(m->rememberFact(QStringLiteral("u"), in));
        in.object = QStringLiteral("短视频");
        auto now = m->rememberFact(QStringLiteral("u"), in);
        QVERIFY(m->edit(QStringLiteral("u"), now->fact.id, QStringLiteral("短视频 App")));
        auto history = m->history(QStringLiteral("u"), now->fact.id);
        QVERIFY(history);
        QStringList actions;
        for (const HistoryEntry& h : *history)
            actions.append(h.action);
        QCOMPARE(actions, (QStringList{QStringLiteral("create"), QStringLiteral("create"), QStringLiteral("supersede"),
                                       QStringLiteral("edit")}));
    }
};

QTEST_GUILESS_MAIN(TestMemoryService)
#include "tst_memoryservice.moc"
