#include "MemoryFixture.h"

#include <QSignalSpy>
#include <QTest>

using namespace engram;

namespace {

QStringList contents(const QList<Message>& messages)
{
    QStringList list;
    for (const Message& m : messages)
        list.append(m.content);
    return list;
}

MemoryConfig smallWindow()
{
    MemoryConfig c;
    c.windowRounds = 2;
    return c;
}

} // namespace

class TestWorkingMemory final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fifoEvictsOldestRoundsToSummaryBuffer()
    {
        test::MemoryFixture m(smallWindow());
        const QString c = m.newConversation(QStringLiteral("u"));
        for (int i = 1; i <= 4; ++i)
            m.addRound(QStringLiteral("u"), c, QStringLiteral("q%1").arg(i), QStringLiteral("a%1").arg(i));

        auto window = m->window(QStringLiteral("u"), c);
        QVERIFY(window);
        QCOMPARE(contents(*window),
                 (QStringList{QStringLiteral("q3"), QStringLiteral("a3"), QStringLiteral("q4"), QStringLiteral("a4")}));
        auto buffer = m->summaryBuffer(QStringLiteral("u"));
        QVERIFY(buffer);
        QCOMPARE(contents(*buffer),
                 (QStringList{QStringLiteral("q1"), QStringLiteral("a1"), QStringLiteral("q2"), QStringLiteral("a2")}));
        // The transcript keeps everything.
        QCOMPARE(m->transcript(QStringLiteral("u"), c)->size(), 8);

        QVERIFY(m->markSummarized(QStringLiteral("u"), {buffer->at(0).id, buffer->at(1).id}));
        QCOMPARE(m->summaryBuffer(QStringLiteral("u"))->size(), 2);
    }

    void pinnedMessageStaysInWindow()
    {
        test::MemoryFixture m(smallWindow());
        const QString c = m.newConversation(QStringLiteral("u"));
        m.addRound(QStringLiteral("u"), c, QStringLiteral("API 限流改成 200 次/分钟"), QStringLiteral("好的"));
        const QString first = m->window(QStringLiteral("u"), c)->first().id;
        QVERIFY(m->setPinned(QStringLiteral("u"), first, true));
        for (int i = 2; i <= 6; ++i)
            m.addRound(QStringLiteral("u"), c, QStringLiteral("q%1").arg(i), QStringLiteral("a%1").arg(i));

        const QStringList window = contents(*m->window(QStringLiteral("u"), c));
        QCOMPARE(window.first(), QStringLiteral("API 限流改成 200 次/分钟"));
        QVERIFY(!window.contains(QStringLiteral("好的")));
        QCOMPARE(window.mid(1),
                 (QStringList{QStringLiteral("q5"), QStringLiteral("a5"), QStringLiteral("q6"), QStringLiteral("a6")}));
    }

    void windowIsRestoredAfterRestart()
    {
        test::MemoryFixture m(smallWindow());
        const QString c = m.newConversation(QStringLiteral("u"));
        for (int i = 1; i <= 3; ++i)
            m.addRound(QStringLiteral("u"), c, QStringLiteral("q%1").arg(i), QStringLiteral("a%1").arg(i));
        const QStringList before = contents(*m->window(QStringLiteral("u"), c));
        m.reopen();
        QCOMPARE(contents(*m->window(QStringLiteral("u"), c)), before);
        // A new conversation starts with an empty window.
        const QString fresh = m.newConversation(QStringLiteral("u"));
        QVERIFY(m->window(QStringLiteral("u"), fresh)->isEmpty());
    }

    void removedMessageLeavesWindowButNotTranscript()
    {
        test::MemoryFixture m;
        const QString c = m.newConversation(QStringLiteral("u"));
        m.addRound(QStringLiteral("u"), c, QStringLiteral("secret plan"), QStringLiteral("ok"));
        const QString id = m->window(QStringLiteral("u"), c)->first().id;
        QSignalSpy removed(&m.service(), &MemoryService::itemsRemoved);
        QVERIFY(m->remove(QStringLiteral("u"), id));
        QCOMPARE(removed.size(), 1);
        QCOMPARE(contents(*m->window(QStringLiteral("u"), c)), QStringList{QStringLiteral("ok")});
        QCOMPARE(m->transcript(QStringLiteral("u"), c)->size(), 2);
        auto undone = m->undo(QStringLiteral("u"));
        QVERIFY2(undone, qPrintable(undone.errorMessage()));
        QCOMPARE(m->window(QStringLiteral("u"), c)->size(), 2);
    }

    void editChangesWhatTheModelSees()
    {
        test::MemoryFixture m;
        const QString c = m.newConversation(QStringLiteral("u"));
        m.addRound(QStringLiteral("u"), c, QStringLiteral("typo here"), QStringLiteral("ok"));
        const QString id = m->window(QStringLiteral("u"), c)->first().id;
        QVERIFY(m->edit(QStringLiteral("u"), id, QStringLiteral("fixed text")));
        const Message msg = m->window(QStringLiteral("u"), c)->first();
        QCOMPARE(msg.content, QStringLiteral("typo here"));
        QCOMPARE(msg.textForModel(), QStringLiteral("fixed text"));
    }

    void incognitoConversationStoresNothing()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto c = m->createConversation(QStringLiteral("u"), QStringLiteral("private"), true);
        QVERIFY(c);
        QVERIFY(c->incognito);
        QVERIFY(!m->appendMessage(QStringLiteral("u"), c->id, Role::User, QStringLiteral("hi")));
        QVERIFY(m->conversations(QStringLiteral("u"))->isEmpty());
        QCOMPARE(m->counts(QStringLiteral("u"))->total(), 0);
    }
};

QTEST_GUILESS_MAIN(TestWorkingMemory)
#include "tst_workingmemory.moc"
