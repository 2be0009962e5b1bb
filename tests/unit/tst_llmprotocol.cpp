#include "llm/LlmError.h"
#include "llm/OpenAiProtocol.h"
#include "llm/RetryPolicy.h"

#include <QTest>

using namespace engram;

namespace {

const LlmError::Context kContext{QStringLiteral("gpt-x"), QStringLiteral("api.example.com"),
                                 QStringLiteral("sk-live-0123456789abcdef")};

// Bodies out here: moc does not read raw string literals inside the test class.
const QByteArray kOpenAi401 =
    R"({"error":{"message":"Incorrect API key provided: sk-live-0123456789abcdef.","type":"invalid_request_error","code":"invalid_api_key"}})";
const QByteArray kOpenAi404 =
    R"({"error":{"message":"The model `gpt-x` does not exist","type":"invalid_request_error","code":"model_not_found"}})";
const QByteArray kOllama404 = R"({"error":{"message":"model 'gpt-x' not found, try pulling it first"}})";
const QByteArray kQuota429 =
    R"({"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}})";
const QByteArray kPlain429 = R"({"error":{"message":"Rate limit reached for requests","code":"rate_limit_exceeded"}})";
const QByteArray kStringError = R"({"error":"something broke"})";
const QByteArray kFastApi422 = R"({"detail":"extra fields not permitted"})";
const QByteArray kDashScope400 = R"({"code":"InvalidParameter","message":"Model not exist."})";
const QByteArray kCompletion =
    R"({"model":"gpt-x","choices":[{"message":{"role":"assistant","content":"你好"},"finish_reason":"stop"}],)"
    R"("usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}})";
const QByteArray kNullContent =
    R"({"choices":[{"message":{"role":"assistant","content":null},"finish_reason":"length"}]})";
const QByteArray kErrorIn200 = R"({"error":{"message":"Upstream overloaded","type":"server_error"}})";
const QByteArray kEmbeddings = R"({"data":[{"index":1,"embedding":[0.5,-1]},{"index":0,"embedding":[1,2]}]})";
const QByteArray kEmbeddingsShort = R"({"data":[{"index":0,"embedding":[1,2]}]})";
const QByteArray kEmbeddingsBadIndex = R"({"data":[{"index":0,"embedding":[1]},{"index":5,"embedding":[2]}]})";
const QList<QByteArray> kBadCompletions{"not json", "{}", "[1,2]", R"({"choices":[]})", R"({"choices":[{"x":1}]})"};
const QByteArray kModels = R"({"object":"list","data":[{"id":"b-model"},{"id":"a-model"},{"id":""}]})";

} // namespace

class TestLlmProtocol final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classifiesHttpErrors_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("kind");
        QTest::addColumn<bool>("retryable");
        QTest::addColumn<QString>("serverMessage");
        using K = LlmError::Kind;
        QTest::newRow("401 openai") << 401 << kOpenAi401 << int(K::BadKey) << false
                                    << "Incorrect API key provided: •••.";
        QTest::newRow("403") << 403 << QByteArray() << int(K::BadKey) << false << "";
        QTest::newRow("404 openai") << 404 << kOpenAi404 << int(K::UnknownModel) << false
                                    << "The model `gpt-x` does not exist";
        QTest::newRow("404 ollama") << 404 << kOllama404 << int(K::UnknownModel) << false
                                    << "model 'gpt-x' not found, try pulling it first";
        QTest::newRow("404 html") << 404 << QByteArray("<html><h1>Not Found</h1></html>") << int(K::UnknownModel)
                                  << false << "";
        QTest::newRow("400 dashscope model")
            << 400 << kDashScope400 << int(K::UnknownModel) << false << "Model not exist.";
        QTest::newRow("429") << 429 << kPlain429 << int(K::RateLimited) << true << "Rate limit reached for requests";
        QTest::newRow("429 quota") << 429 << kQuota429 << int(K::RateLimited) << false
                                   << "You exceeded your current quota";
        QTest::newRow("408") << 408 << QByteArray() << int(K::Timeout) << true << "";
        QTest::newRow("500 string error") << 500 << kStringError << int(K::ServerError) << true << "something broke";
        QTest::newRow("503 plain text") << 503 << QByteArray("upstream connect error") << int(K::ServerError) << true
                                        << "upstream connect error";
        QTest::newRow("422 fastapi") << 422 << kFastApi422 << int(K::BadRequest) << false
                                     << "extra fields not permitted";
        QTest::newRow("302") << 302 << QByteArray() << int(K::UnreadableReply) << false << "";
    }

    void classifiesHttpErrors()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(int, kind);
        QFETCH(bool, retryable);
        QFETCH(QString, serverMessage);
        const LlmError e = LlmError::fromHttp(status, body, kContext);
        QCOMPARE(int(e.kind), kind);
        QCOMPARE(e.httpStatus, status);
        QCOMPARE(e.isRetryable(), retryable);
        QCOMPARE(e.serverMessage, serverMessage);
        QVERIFY(e.message.contains(QStringLiteral("api.example.com")));
        QVERIFY(!e.text().contains(QStringLiteral("0123456789abcdef")));
        QCOMPARE(e.toError().code, Error::Code::Network);
        QCOMPARE(e.toError().message, e.text());
    }

    void messagesSayWhatToDo()
    {
        QVERIFY(LlmError::fromHttp(401, {}, kContext).message.contains(QStringLiteral("API key")));
        QVERIFY(LlmError::fromHttp(404, kOpenAi404, kContext).message.contains(QStringLiteral("“gpt-x”")));
        QVERIFY(LlmError::timeout(1500).message.contains(QStringLiteral("2 second")));
        QVERIFY(LlmError::unreachable(kContext).message.contains(QStringLiteral("api.example.com")));
        const LlmError withServer = LlmError::fromHttp(500, kStringError, kContext);
        QVERIFY(withServer.text().startsWith(withServer.message));
        QVERIFY(withServer.text().endsWith(QStringLiteral("something broke")));
        QCOMPARE(LlmError::cancelled().text(), LlmError::cancelled().message);
        QCOMPARE(LlmError::kindName(LlmError::Kind::UnknownModel), QStringLiteral("unknown_model"));
    }

    void masksOnlyRealSecrets()
    {
        QCOMPARE(maskSecret(QStringLiteral("key sk-abcdefgh12 rejected"), QStringLiteral("sk-abcdefgh12")),
                 QStringLiteral("key ••• rejected"));
        // A token like "ollama" is no secret, and masking it would garble sentences.
        QCOMPARE(maskSecret(QStringLiteral("ollama is running"), QStringLiteral("ollama")),
                 QStringLiteral("ollama is running"));
        QCOMPARE(maskSecret(QStringLiteral("text"), QString()), QStringLiteral("text"));
    }

    void parsesRetryAfter_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<int>("expectedMs"); // -1: not understood
        QTest::newRow("seconds") << QByteArray("3") << 3000;
        QTest::newRow("fraction") << QByteArray(" 1.5 ") << 1500;
        QTest::newRow("zero") << QByteArray("0") << 0;
        QTest::newRow("date ahead") << QByteArray("Wed, 21 Oct 2015 07:28:30 GMT") << 30000;
        QTest::newRow("date past") << QByteArray("Wed, 21 Oct 2015 07:27:00 GMT") << 0;
        QTest::newRow("negative") << QByteArray("-4") << -1;
        QTest::newRow("garbage") << QByteArray("soon") << -1;
        QTest::newRow("empty") << QByteArray() << -1;
    }

    void parsesRetryAfter()
    {
        QFETCH(QByteArray, value);
        QFETCH(int, expectedMs);
        const QDateTime now(QDate(2015, 10, 21), QTime(7, 28, 0), Qt::UTC);
        const std::optional<int> ms = retry::parseRetryAfter(value, now);
        QCOMPARE(ms.value_or(-1), expectedMs);
    }

    void backoffGrowsWithJitterAndACeiling()
    {
        QCOMPARE(retry::backoffDelayMs(1, 500, 20000, 0.0), 250);
        QCOMPARE(retry::backoffDelayMs(1, 500, 20000, 1.0), 500);
        QCOMPARE(retry::backoffDelayMs(2, 500, 20000, 1.0), 1000);
        QCOMPARE(retry::backoffDelayMs(3, 500, 20000, 0.5), 1500);
        QCOMPARE(retry::backoffDelayMs(30, 500, 20000, 1.0), 20000);
        QCOMPARE(retry::backoffDelayMs(1000, 500, 20000, 0.0), 10000);
        QVERIFY(retry::backoffDelayMs(2, 500, 20000, 0.3) != retry::backoffDelayMs(2, 500, 20000, 0.7));
    }

    void buildsChatBodies()
    {
        ChatRequest r;
        r.messages = {ChatMessage::system(QStringLiteral("sys")), ChatMessage::user(QStringLiteral("你好🙂"))};
        const auto plain = openai::chatBody(r, QStringLiteral("m"), {});
        QCOMPARE(plain["model"].get<std::string>(), std::string("m"));
        QCOMPARE(plain["stream"].get<bool>(), false);
        QCOMPARE(plain["messages"][0]["role"].get<std::string>(), std::string("system"));
        QCOMPARE(QString::fromStdString(plain["messages"][1]["content"].get<std::string>()),
                 QStringLiteral("你好🙂"));
        QVERIFY(!plain.contains("response_format"));
        QVERIFY(!plain.contains("stream_options"));
        QVERIFY(!plain.contains("temperature"));
        QVERIFY(!plain.contains("max_tokens"));

        r.temperature = 0.2;
        r.maxTokens = 300;
        const auto full = openai::chatBody(r, QStringLiteral("m"), {true, true, true});
        QCOMPARE(full["stream"].get<bool>(), true);
        QCOMPARE(full["stream_options"]["include_usage"].get<bool>(), true);
        QCOMPARE(full["response_format"]["type"].get<std::string>(), std::string("json_object"));
        QCOMPARE(full["temperature"].get<double>(), 0.2);
        QCOMPARE(full["max_tokens"].get<int>(), 300);
        // Serialised as UTF-8, not \u escapes that some servers mangle.
        QVERIFY(openai::serialize(full).contains("你好🙂"));
    }

    void parsesCompletions()
    {
        const auto ok = openai::parseChatCompletion(kCompletion, kContext);
        QVERIFY(ok);
        QCOMPARE(ok->text, QStringLiteral("你好"));
        QCOMPARE(ok->finishReason, QStringLiteral("stop"));
        QCOMPARE(ok->model, QStringLiteral("gpt-x"));
        QCOMPARE(ok->usage, std::optional<Usage>(Usage{3, 2, 5}));

        const auto empty = openai::parseChatCompletion(kNullContent, kContext);
        QVERIFY(empty);
        QVERIFY(empty->text.isEmpty());
        QCOMPARE(empty->finishReason, QStringLiteral("length"));
        QVERIFY(!empty->usage);

        const auto error = openai::parseChatCompletion(kErrorIn200, kContext);
        QVERIFY(!error);
        QCOMPARE(error.error().kind, LlmError::Kind::ServerError);
        QCOMPARE(error.error().serverMessage, QStringLiteral("Upstream overloaded"));

        for (const QByteArray& bad : kBadCompletions) {
            const auto r = openai::parseChatCompletion(bad, kContext);
            QVERIFY2(!r, bad.constData());
            QCOMPARE(r.error().kind, LlmError::Kind::UnreadableReply);
        }
    }

    void parsesEmbeddingsInIndexOrder()
    {
        const auto r = openai::parseEmbeddings(kEmbeddings, 2, kContext);
        QVERIFY(r);
        QCOMPARE(r->vectors[0], (QList<float>{1, 2}));
        QCOMPARE(r->vectors[1], (QList<float>{0.5f, -1}));
        QCOMPARE(openai::parseEmbeddings(kEmbeddingsShort, 2, kContext).error().kind, LlmError::Kind::UnreadableReply);
        QCOMPARE(openai::parseEmbeddings(kEmbeddingsBadIndex, 2, kContext).error().kind,
                 LlmError::Kind::UnreadableReply);
    }

    void parsesModelLists()
    {
        const auto r = openai::parseModelList(kModels, kContext);
        QVERIFY(r);
        QCOMPARE(*r, (QStringList{QStringLiteral("a-model"), QStringLiteral("b-model")}));
        QVERIFY(!openai::parseModelList("<html>", kContext));
    }
};

QTEST_GUILESS_MAIN(TestLlmProtocol)
#include "tst_llmprotocol.moc"
