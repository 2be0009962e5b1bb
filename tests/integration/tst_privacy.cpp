#include "FakeLlmServer.h"
#include "MemoryFixture.h"
#include "TestSupport.h"
#include "llm/LlmClient.h"
#include "memory/JobRunner.h"
#include "memory/TurnPipeline.h"
#include "storage/Database.h"

#include <QSignalSpy>
#include <QTest>

using namespace engram;

namespace {

// 11010519491231002X has a valid ISO 7064 check digit; any other last character makes it invalid.
const QString kValidId = QStringLiteral("11010519491231002X");
const QString kInvalidId = QStringLiteral("110105194912310021");
const QString kLuhnCard = QStringLiteral("4111 1111 1111 1111");
const QString kNonLuhn = QStringLiteral("4111 1111 1111 1112");

} // namespace

class TestPrivacy final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void secretsAreMaskedBeforeAnythingIsStored()
    {
        test::MemoryFixture m;
        const QString c = m.newConversation(QStringLiteral("u"));
        const QString text =
            QStringLiteral("我的身份证号是%1，卡号 %2，密码是 Hunter2Secret!，key sk-proj-Abc123Def456Ghi789Jkl012")
                .arg(kValidId, kLuhnCard);
        auto msg = m->appendMessage(QStringLiteral("u"), c, Role::User, text);
        QVERIFY(msg);
        QVERIFY2(msg->content.contains(QStringLiteral("[REDACTED:id_number]")), qPrintable(msg->content));
        QVERIFY(msg->content.contains(QStringLiteral("[REDACTED:card_number]")));
        QVERIFY(msg->content.contains(QStringLiteral("[REDACTED:password]")));
        QVERIFY(msg->content.contains(QStringLiteral("[REDACTED:api_key]")));
        QVERIFY(m->recordExchange(QStringLiteral("u"), c, text, QStringLiteral("好的，") + kLuhnCard));
        FactInput in;
        in.predicate = QStringLiteral("id_number");
        in.object = kValidId;
        QVERIFY(m->rememberFact(QStringLiteral("u"), in));
        QVERIFY(m->upsertSummary(QStringLiteral("u"), QStringLiteral("bank"), QStringLiteral("卡号 ") + kLuhnCard));

        // Before and after the checkpoint: nowhere in the file, its WAL or the FTS index.
        for (int pass = 0; pass < 2; ++pass) {
            const QByteArray bytes = test::rawDatabaseBytes(m.path());
            QVERIFY(!bytes.isEmpty());
            for (const QString& secret :
                 {kValidId, QStringLiteral("4111111111111111"), QStringLiteral("4111 1111"),
                  QStringLiteral("Hunter2Secret"), QStringLiteral("hunter2secret"), QStringLiteral("Abc123Def456")})
                QVERIFY2(!bytes.contains(secret.toUtf8()), qPrintable(secret));
            QVERIFY(m.service().database().checkpoint());
        }
    }

    void invalidNumbersAreLeftAlone()
    {
        test::MemoryFixture m;
        const QString c = m.newConversation(QStringLiteral("u"));
        auto msg = m->appendMessage(QStringLiteral("u"), c, Role::User,
                                    QStringLiteral("订单号 %1，编号 %2").arg(kInvalidId, kNonLuhn));
        QVERIFY(msg);
        QVERIFY(msg->content.contains(kInvalidId));
        QVERIFY(msg->content.contains(kNonLuhn));
        QVERIFY(!msg->content.contains(QStringLiteral("REDACTED")));
    }

    // "Is my ID number in the file, or at the model?" Not when I said it was my ID number, whatever
    // its check digit; and the exchange's copy of my masked message is masked once, not twice.
    void labelledIdNumberReachesNeitherTheFileNorTheModel()
    {
        test::FakeLlmServer server;
        QVERIFY(server.isListening());
        test::MemoryFixture m;
        LlmSettings settings = server.clientSettings();
        settings.embeddingModel.clear();
        LlmClient client(settings);
        JobRunner jobs(m.service(), client);
        TurnPipeline pipeline(m.service(), client, &jobs);
        const QString c = m.newConversation(QStringLiteral("u"));
        const QString wrongCheckDigit = QStringLiteral("110101199003074578");
        const QString passport = QStringLiteral("E12345678");
        server.enqueue(test::FakeMatch::streaming(), test::FakeReply::stream("好的，已记下。"));
        auto turn = pipeline.send(QStringLiteral("u"), *m->conversation(QStringLiteral("u"), c),
                                  QStringLiteral("我的身份证号 %1，护照号码 %2，密码是 Hunter2Secret").arg(wrongCheckDigit, passport));
        QVERIFY(turn);
        QSignalSpy done(*turn, &Turn::finished);
        QVERIFY(done.wait(15000));
        QSignalSpy drained(&jobs, &JobRunner::drained);
        jobs.drainOnce(); // extraction sees the exchange too
        QVERIFY(drained.wait(15000) || !drained.isEmpty());
        QVERIFY(server.requestCount(test::FakeMatch::extraction()) >= 1);

        for (const test::RecordedRequest& r : server.requests()) {
            for (const QString& secret : {wrongCheckDigit, passport, QStringLiteral("Hunter2Secret")})
                QVERIFY2(!r.body.contains(secret.toUtf8()), qPrintable(secret + QStringLiteral(" sent to ") + r.path));
        }
        for (int pass = 0; pass < 2; ++pass) {
            const QByteArray bytes = test::rawDatabaseBytes(m.path());
            for (const QString& secret : {wrongCheckDigit, passport, QStringLiteral("Hunter2Secret")})
                QVERIFY2(!bytes.contains(secret.toUtf8()), qPrintable(secret));
            QVERIFY(bytes.contains("[REDACTED:id_number]"));
            for (const char* twice : {"[REDACTED:password]]", "[REDACTED:id_number]]"})
                QVERIFY2(!bytes.contains(twice), twice);
            QVERIFY(m.service().database().checkpoint());
        }
    }

    void neverRememberListIsPerUser()
    {
        test::MemoryFixture m;
        const QString ca = m.newConversation(QStringLiteral("a"));
        const QString cb = m.newConversation(QStringLiteral("b"));
        QVERIFY(m->setNeverRemember(QStringLiteral("a"), {QStringLiteral("Project Nightingale")}));
        auto a = m->appendMessage(QStringLiteral("a"), ca, Role::User, QStringLiteral("about project nightingale"));
        auto b = m->appendMessage(QStringLiteral("b"), cb, Role::User, QStringLiteral("about project nightingale"));
        QVERIFY(a && b);
        QCOMPARE(a->content, QStringLiteral("about [REDACTED:custom]"));
        QCOMPARE(b->content, QStringLiteral("about project nightingale"));
        m.reopen();
        QCOMPARE(*m->neverRemember(QStringLiteral("a")), QStringList{QStringLiteral("Project Nightingale")});
        auto again = m->appendMessage(QStringLiteral("a"), ca, Role::User, QStringLiteral("PROJECT NIGHTINGALE!"));
        QVERIFY(again->content.contains(QStringLiteral("[REDACTED:custom]")));
    }

    void editsAreRedactedToo()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto f =
            m->addFact(QStringLiteral("u"), QStringLiteral("user"), QStringLiteral("bank"), QStringLiteral("ICBC"));
        auto edited = m->edit(QStringLiteral("u"), f->id, QStringLiteral("ICBC card ") + kLuhnCard);
        QVERIFY(edited);
        QVERIFY(edited->object.contains(QStringLiteral("[REDACTED:card_number]")));
    }
};

QTEST_GUILESS_MAIN(TestPrivacy)
#include "tst_privacy.moc"
