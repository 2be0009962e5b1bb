#include "FakeLlmServer.h"
#include "FakeReply.h"
#include "MemoryFixture.h"
#include "TestSupport.h"
#include "llm/LlmClient.h"
#include "memory/JobRunner.h"
#include "memory/TurnPipeline.h"

#include <QSignalSpy>
#include <QTest>

using namespace engram;
using engram::test::FakeLlmServer;
using engram::test::FakeReply;
namespace FakeMatch = engram::test::FakeMatch;

namespace {

constexpr int kWaitMs = 15000;

Json extraction(std::initializer_list<std::tuple<const char*, const char*, double>> facts)
{
    Json list = Json::array();
    for (const auto& [predicate, object, confidence] : facts)
        list.push_back({{"subject", "user"}, {"predicate", predicate}, {"object", object}, {"confidence", confidence}});
    return {{"facts", list}, {"updates", Json::array()}, {"deletes", Json::array()}};
}

QString systemOf(const test::RecordedRequest& r)
{
    const auto& messages = r.json.at("messages");
    for (const auto& m : messages) {
        if (m.value("role", std::string()) == "system")
            return QString::fromStdString(m.value("content", std::string()));
    }
    return {};
}

// One app's worth of wiring over a real database file and a real local HTTP server.
struct Harness
{
    explicit Harness(MemoryConfig config = {})
        : memory(config)
        , client(server.clientSettings())
        , jobs(memory.service(), client)
        , pipeline(memory.service(), client, &jobs)
    {
        QVERIFY(server.isListening());
    }

    // Sends a message and waits for the turn to end; returns the stored reply (or an empty one).
    Message say(const QString& userId, const Conversation& c, const QString& text, bool* failed = nullptr)
    {
        auto turn = pipeline.send(userId, c, text);
        if (!turn)
            qFatal("send failed: %s", qPrintable(turn.errorMessage()));
        QSignalSpy done(*turn, &Turn::finished);
        QSignalSpy error(*turn, &Turn::failed);
        if (!QTest::qWaitFor([&] { return !done.isEmpty() || !error.isEmpty(); }, kWaitMs))
            qFatal("the turn did not end");
        if (failed)
            *failed = !error.isEmpty();
        return done.isEmpty() ? Message() : done.first().first().value<Message>();
    }

    // One turn whose extraction job has run.
    void sayAndLearn(const Conversation& c, const QString& text, const QString& reply, const Json& learned)
    {
        server.enqueue(FakeMatch::streaming(), FakeReply::stream(reply));
        server.enqueue(FakeMatch::extraction(), FakeReply::json(learned));
        say(c.userId, c, text);
        runJobs();
    }

    void runJobs()
    {
        QSignalSpy drained(&jobs, &JobRunner::drained);
        jobs.drainOnce();
        if (!drained.wait(kWaitMs) && drained.isEmpty())
            qFatal("jobs did not drain");
    }

    Conversation conversation(const QString& userId, bool incognito = false)
    {
        if (!memory->ensureUser(userId))
            qFatal("no user");
        auto c = memory->createConversation(userId, QStringLiteral("t"), incognito);
        if (!c)
            qFatal("no conversation");
        return *c;
    }

    QStringList currentObjects(const QString& userId, const QString& predicate)
    {
        QStringList objects;
        const auto facts = memory->activeFacts(userId);
        for (const Fact& f : *facts) {
            if (f.predicate == predicate)
                objects.append(f.object);
        }
        return objects;
    }

    FakeLlmServer server;
    test::MemoryFixture memory;
    LlmClient client;
    JobRunner jobs;
    TurnPipeline pipeline;
};

} // namespace

class TestTurnPipeline final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<Message>(); }

    void springBootFactsReachANewConversation()
    {
        Harness h;
        const Conversation first = h.conversation(QStringLiteral("dev"));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("好的，Spring Boot 3 我熟悉。"), 3));
        h.server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction({{"job", "Java 后端开发", 0.9},
                                                                              {"tech_stack", "Spring Boot 3", 0.9}})));
        const Message reply =
            h.say(QStringLiteral("dev"), first, QStringLiteral("我是Java后端开发，项目用的是Spring Boot 3"));
        QCOMPARE(reply.content, QStringLiteral("好的，Spring Boot 3 我熟悉。"));
        h.runJobs();
        QVERIFY(h.currentObjects(QStringLiteral("dev"), QStringLiteral("tech_stack"))
                    .contains(QStringLiteral("Spring Boot 3")));

        h.memory.reopen();
        MemoryService& reopened = h.memory.service();
        LlmClient client(h.server.clientSettings());
        TurnPipeline pipeline(reopened, client, nullptr);
        auto second = reopened.createConversation(QStringLiteral("dev"), QStringLiteral("next day"));
        h.server.clearRequests();
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("看看你的 application.yml")));
        auto turn = pipeline.send(QStringLiteral("dev"), *second, QStringLiteral("帮我看看这段配置为什么加载失败"));
        QVERIFY(turn);
        QSignalSpy done(*turn, &Turn::finished);
        QVERIFY(done.wait(kWaitMs));
        const QString system = systemOf(h.server.lastRequest());
        QVERIFY2(system.contains(QStringLiteral("Spring Boot 3")), qPrintable(system));
        QVERIFY(system.contains(QStringLiteral("【用户画像】")));
    }

    void storedReplyListsTheMemoriesOfItsContext()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.sayAndLearn(c, QStringLiteral("我在做星火计划项目"), QStringLiteral("星火计划听起来不错"),
                      extraction({{"project", "星火计划", 0.9}}));

        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("进展如何？")));
        auto turn = h.pipeline.send(QStringLiteral("u"), c, QStringLiteral("星火计划下周上线"));
        QVERIFY(turn);
        // Every memory of the context; the new message itself is not one.
        QStringList contextIds = (*turn)->context.memoryIds();
        QVERIFY(contextIds.removeAll((*turn)->userMessageId) == 1);
        QSignalSpy done(*turn, &Turn::finished);
        QVERIFY(done.wait(kWaitMs));
        const QString replyId = done.first().first().value<Message>().id;

        // The profile fact and the first exchange's messages went in; the stored reply says which.
        QVERIFY(contextIds.contains(h.memory->activeFacts(QStringLiteral("u"))->first().id));
        QVERIFY(contextIds.size() >= 3);
        const auto transcript = h.memory->transcript(QStringLiteral("u"), c.id);
        QVERIFY(transcript);
        QList<UsedMemory> used;
        for (const Message& m : *transcript) {
            if (m.id == replyId)
                used = usedMemoriesFromMetadata(m.metadata);
        }
        QStringList storedIds;
        for (const UsedMemory& m : std::as_const(used)) {
            storedIds.append(m.id);
            QVERIFY2(!m.label.isEmpty(), qPrintable(m.id));
            QVERIFY(m.label.size() <= kUsedMemoryLabelChars);
        }
        QCOMPARE(storedIds, contextIds);
        QCOMPARE(used.first().tier, Tier::Semantic);
        QVERIFY(used.first().label.contains(QStringLiteral("星火计划")));
    }

    void projectUpdateLeavesOneCurrentFact()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.sayAndLearn(c, QStringLiteral("我在做星火计划项目"), QStringLiteral("星火计划听起来不错"),
                      extraction({{"project", "星火计划", 0.9}}));
        QCOMPARE(h.currentObjects(QStringLiteral("u"), QStringLiteral("project")),
                 QStringList{QStringLiteral("星火计划")});

        h.memory.clock().advanceDays(30);
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("短视频方向很有前景")));
        h.server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction({{"project", "短视频", 0.9}})));
        h.say(QStringLiteral("u"), c, QStringLiteral("我转做短视频了"));
        h.runJobs();
        QCOMPARE(h.currentObjects(QStringLiteral("u"), QStringLiteral("project")),
                 QStringList{QStringLiteral("短视频")});
        const QString id = h.memory->activeFacts(QStringLiteral("u"))->first().id;
        bool oldInHistory = false;
        const auto history = h.memory->history(QStringLiteral("u"), id);
        QVERIFY(history);
        for (const HistoryEntry& e : *history)
            oldInHistory =
                oldInHistory || (e.before.is_object() && e.before.value("object", std::string()) == "星火计划");
        QVERIFY(oldInHistory);
    }

    void jokeIsNotStored()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("哈哈，欢迎来到地球！")));
        // A model that follows the contract returns nothing for a joke; wrapped in prose and fences.
        h.server.enqueue(FakeMatch::extraction(),
                         FakeReply::text(QStringLiteral("这是玩笑，不记录。\n```json\n{\"facts\": [], \"updates\": [], "
                                                        "\"deletes\": []}\n```\n以上。")));
        h.say(QStringLiteral("u"), c, QStringLiteral("我是外星人哈哈"));
        h.runJobs();
        QVERIFY(h.memory->activeFacts(QStringLiteral("u"))->isEmpty());
        QCOMPARE(h.memory->counts(QStringLiteral("u"))->pending, 0);
        QVERIFY(h.jobs.pending()->isEmpty());
    }

    void fencedExtractionWithProseIsRead()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Nice to meet you, Ada.")));
        h.server.enqueue(
            FakeMatch::extraction(),
            FakeReply::text(QStringLiteral("Here is what I found:\n```json\n{\"facts\":[{\"subject\":\"user\","
                                           "\"predicate\":\"employer\",\"object\":\"Initech\","
                                           "\"confidence\":0.85}]}\n```\nHope this helps!")));
        h.say(QStringLiteral("u"), c, QStringLiteral("Hi, I work at Initech these days."));
        h.runJobs();
        QCOMPARE(h.currentObjects(QStringLiteral("u"), QStringLiteral("employer")),
                 QStringList{QStringLiteral("Initech")});
    }

    void pendingFactStaysOutOfContextUntilConfirmed()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("ok")));
        h.server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction({{"location", "Reykjavik", 0.4}})));
        h.say(QStringLiteral("u"), c, QStringLiteral("Might be moving to Reykjavik, not sure."));
        h.runJobs();
        QCOMPARE(h.memory->counts(QStringLiteral("u"))->pending, 1);

        h.server.clearRequests();
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("ok")));
        h.say(QStringLiteral("u"), h.conversation(QStringLiteral("u")), QStringLiteral("where do I live?"));
        QVERIFY(!systemOf(h.server.lastRequest()).contains(QStringLiteral("Reykjavik")));

        ItemQuery pending;
        pending.tier = Tier::Semantic;
        pending.status = QStringLiteral("pending");
        QVERIFY(h.memory->confirmFact(QStringLiteral("u"), h.memory->list(QStringLiteral("u"), pending)->first().id));
        h.server.clearRequests();
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Reykjavik")));
        h.say(QStringLiteral("u"), h.conversation(QStringLiteral("u")), QStringLiteral("where do I live?"));
        QVERIFY(systemOf(h.server.lastRequest()).contains(QStringLiteral("Reykjavik")));
    }

    void summaryOfEvictedTurnsKeepsNumbers()
    {
        MemoryConfig config;
        config.windowRounds = 1;
        config.summaryBufferThreshold = 4;
        Harness h(config);
        const Conversation c = h.conversation(QStringLiteral("u"));
        const QStringList said{QStringLiteral("API 限流改成 200 次/分钟"), QStringLiteral("网关用的是 Kong 3.4"),
                               QStringLiteral("今天先到这")};
        for (const QString& text : said) {
            h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("好的")));
            h.say(QStringLiteral("u"), c, text);
        }
        // Two rounds left the window: the summary job is queued with their four messages.
        h.server.clearRequests();
        h.server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction({})));
        h.server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction({})));
        h.server.enqueue(FakeMatch::extraction(), FakeReply::json(extraction({})));
        h.server.enqueue(FakeMatch::extraction(),
                         FakeReply::json({{"topic", "API 网关"},
                                          {"summary", "用户把 API 限流改成 200 次/分钟，网关是 Kong 3.4。"}}));
        h.runJobs();
        bool sentNumbers = false;
        for (const auto& r : h.server.requests()) {
            const QString body = QString::fromUtf8(r.body);
            if (systemOf(r).contains(QStringLiteral("对话摘要器")) && body.contains(QStringLiteral("200 次/分钟")))
                sentNumbers = true;
        }
        QVERIFY2(sentNumbers, "the summary request carries the evicted messages verbatim");
        ItemQuery episodes;
        episodes.tier = Tier::Episodic;
        QString summary;
        const auto items = h.memory->list(QStringLiteral("u"), episodes);
        QVERIFY(items);
        for (const MemoryItem& item : *items) {
            if (item.kind == QLatin1String("summary"))
                summary = item.content;
        }
        QVERIFY2(summary.contains(QStringLiteral("200 次/分钟")), qPrintable(summary));
        QVERIFY(h.memory->summaryBuffer(QStringLiteral("u"))->isEmpty());
    }

    void incognitoTurnLeavesEveryTierUnchanged()
    {
        Harness h;
        const Conversation normal = h.conversation(QStringLiteral("u"));
        QVERIFY(h.memory->addFact(QStringLiteral("u"), QStringLiteral("user"), QStringLiteral("name"),
                                  QStringLiteral("Ada")));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("hi")));
        h.say(QStringLiteral("u"), normal, QStringLiteral("hello"));
        h.runJobs();
        const auto before = *h.memory->counts(QStringLiteral("u"));
        const qint64 changesBefore =
            h.memory->history(QStringLiteral("u"), h.memory->activeFacts(QStringLiteral("u"))->first().id)->size();
        const int accessBefore = h.memory->activeFacts(QStringLiteral("u"))->first().accessCount;

        const Conversation secret = h.conversation(QStringLiteral("u"), true);
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Your secret is safe, Ada.")));
        const Message reply = h.say(QStringLiteral("u"), secret, QStringLiteral("我叫张三，我在做秘密项目"));
        QCOMPARE(reply.content, QStringLiteral("Your secret is safe, Ada."));
        QVERIFY(systemOf(h.server.lastRequest()).contains(QStringLiteral("Ada"))); // memory is read
        h.runJobs();
        const auto after = *h.memory->counts(QStringLiteral("u"));
        QCOMPARE(after.working, before.working);
        QCOMPARE(after.episodic, before.episodic);
        QCOMPARE(after.semantic, before.semantic);
        QCOMPARE(after.pending, before.pending);
        QCOMPARE(h.memory->activeFacts(QStringLiteral("u"))->first().accessCount, accessBefore);
        QCOMPARE(h.memory->history(QStringLiteral("u"), h.memory->activeFacts(QStringLiteral("u"))->first().id)->size(),
                 changesBefore);
        QVERIFY(h.memory->conversations(QStringLiteral("u"))->size() == 1);
        QVERIFY(!test::rawDatabaseBytes(h.memory.path()).contains(QStringLiteral("秘密项目").toUtf8()));
    }

    void userMessageIsKeptWhenTheModelFails_data()
    {
        QTest::addColumn<int>("status");
        QTest::newRow("bad key") << 401;
        QTest::newRow("unknown model") << 404;
        QTest::newRow("server error") << 500;
    }

    void userMessageIsKeptWhenTheModelFails()
    {
        QFETCH(int, status);
        Harness h;
        h.client.setSettings([&] {
            LlmSettings s = h.server.clientSettings();
            s.maxRetries = 0;
            return s;
        }());
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.server.enqueue(FakeMatch::streaming(), FakeReply::error(status, QStringLiteral("nope")));
        bool failed = false;
        h.say(QStringLiteral("u"), c, QStringLiteral("please remember this question"), &failed);
        QVERIFY(failed);
        const auto transcript = *h.memory->transcript(QStringLiteral("u"), c.id);
        QCOMPARE(transcript.size(), 1);
        QCOMPARE(transcript.first().content, QStringLiteral("please remember this question"));

        // Retry asks again for the same stored message.
        h.server.enqueue(FakeMatch::streaming(), FakeReply::stream(QStringLiteral("Here you go")));
        auto turn = h.pipeline.retry(QStringLiteral("u"), c, transcript.first().id);
        QVERIFY(turn);
        QSignalSpy done(*turn, &Turn::finished);
        QVERIFY(done.wait(kWaitMs));
        QCOMPARE(h.memory->transcript(QStringLiteral("u"), c.id)->size(), 2);
    }

    void unreachableEndpointKeepsMessageAndJobs()
    {
        Harness h;
        LlmSettings s = h.server.clientSettings();
        s.baseUrl = QStringLiteral("http://127.0.0.1:9/v1"); // discard port: nothing listens
        s.maxRetries = 0;
        h.client.setSettings(s);
        const Conversation c = h.conversation(QStringLiteral("u"));
        bool failed = false;
        h.say(QStringLiteral("u"), c, QStringLiteral("are you there?"), &failed);
        QVERIFY(failed);
        QCOMPARE(h.memory->transcript(QStringLiteral("u"), c.id)->size(), 1);
    }

    void stopKeepsPartialReplyMarkedStopped()
    {
        Harness h;
        const Conversation c = h.conversation(QStringLiteral("u"));
        h.server.enqueue(FakeMatch::streaming(),
                         FakeReply::stream(QStringLiteral("The first part. ").repeated(40)).withChunkBytes(8, 20));
        auto turn = h.pipeline.send(QStringLiteral("u"), c, QStringLiteral("tell me a long story"));
        QVERIFY(turn);
        QSignalSpy deltas(*turn, &Turn::delta);
        QSignalSpy done(*turn, &Turn::finished);
        QVERIFY(QTest::qWaitFor([&] { return deltas.size() >= 2; }, kWaitMs));
        (*turn)->stop();
        QCOMPARE(done.size(), 1);
        const Message reply = done.first().first().value<Message>();
        QCOMPARE(reply.status, MessageStatus::Stopped);
        QVERIFY(!reply.content.isEmpty());
        QVERIFY(reply.content.size() < QStringLiteral("The first part. ").repeated(40).size());
        const auto transcript = *h.memory->transcript(QStringLiteral("u"), c.id);
        QCOMPARE(transcript.last().status, MessageStatus::Stopped);
    }
};

QTEST_GUILESS_MAIN(TestTurnPipeline)
#include "tst_turnpipeline.moc"
