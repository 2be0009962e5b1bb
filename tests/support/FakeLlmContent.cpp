#include "FakeLlmContent.h"

#include "core/SearchTokenizer.h"
#include "core/TokenEstimator.h"

#include <cmath>

namespace engram::test {
namespace {

constexpr long long kCreated = 1700000000; // fixed, so replies are byte-for-byte repeatable

std::string utf8(const QString& s)
{
    return s.toStdString();
}

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 422:
        return "Unprocessable Entity";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}

bool hasCjk(const QString& text)
{
    for (char32_t c : text.toUcs4()) {
        if (SearchTokenizer::isCjk(c))
            return true;
    }
    return false;
}

// Pieces of `n` characters; a surrogate pair (an emoji) always stays whole.
QStringList splitText(const QString& text, int n)
{
    QStringList pieces;
    QString current;
    int count = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        current += text[i];
        if (text[i].isHighSurrogate() && i + 1 < text.size())
            current += text[++i];
        if (++count == n) {
            pieces.append(current);
            current.clear();
            count = 0;
        }
    }
    if (!current.isEmpty())
        pieces.append(current);
    return pieces;
}

int promptTokens(const RecordedRequest& request)
{
    int tokens = 0;
    if (request.json.is_object() && request.json.contains("messages") && request.json["messages"].is_array()) {
        for (const auto& m : request.json["messages"]) {
            if (m.is_object() && m.contains("content") && m["content"].is_string())
                tokens += TokenEstimator::estimate(QString::fromStdString(m["content"].get<std::string>())) +
                          TokenEstimator::kPerMessageOverhead;
        }
    }
    return tokens;
}

nlohmann::json usageJson(const RecordedRequest& request, const QString& completion)
{
    const int prompt = promptTokens(request);
    const int answer = TokenEstimator::estimate(completion);
    return {{"prompt_tokens", prompt}, {"completion_tokens", answer}, {"total_tokens", prompt + answer}};
}

QByteArray sseEvent(const nlohmann::json& j)
{
    return "data: " + QByteArray::fromStdString(j.dump()) + "\n\n";
}

nlohmann::json errorJson(const QString& message, const QString& type, const QString& code)
{
    return {{"error",
             {{"message", utf8(message)},
              {"type", utf8(type)},
              {"param", nullptr},
              {"code", code.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(utf8(code))}}}};
}

void setJsonBody(FakeResponse& response, const nlohmann::json& body)
{
    response.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    response.pieces = {QByteArray::fromStdString(body.dump())};
}

std::string modelOf(const RecordedRequest& request, const char* fallback)
{
    return request.model().isEmpty() ? std::string(fallback) : utf8(request.model());
}

QString replyText(const FakeReply::Kind kind, const QString& scripted, const RecordedRequest& request)
{
    if (kind == FakeReply::Kind::Text)
        return scripted;
    if (request.isSummary())
        return defaultSummaryText(request);
    return request.isExtraction() ? defaultExtractionText() : defaultChatText(request);
}

} // namespace

QByteArray FakeResponse::head() const
{
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    for (const auto& [name, value] : headers)
        out += name + ": " + value + "\r\n";
    if (chunked) {
        out += "Transfer-Encoding: chunked\r\n";
    } else {
        qsizetype length = 0;
        for (const QByteArray& p : pieces)
            length += p.size();
        out += "Content-Length: " + QByteArray::number(length) + "\r\n";
    }
    return out + "\r\n";
}

FakeResponse FakeResponseBuilder::build(const FakeReply& reply, const RecordedRequest& request,
                                        const FakeServerOptions& options, int sequence)
{
    FakeResponse response;
    response.status = reply.m_status;
    const bool paced = reply.m_chunkBytes > 0 || !reply.m_cuts.isEmpty();
    response.chunkBytes = paced ? reply.m_chunkBytes : options.defaultChunkBytes;
    response.chunkDelayMs = paced ? reply.m_chunkDelayMs : options.defaultChunkDelayMs;
    response.cuts = reply.m_cuts;
    response.stallBeforeMs = reply.m_stallBeforeMs;
    response.stallAfterBytes = reply.m_stallAfterBytes;
    response.stallAfterMs = reply.m_stallAfterMs;
    response.dropAfterBytes = reply.m_dropAfterBytes;

    using Kind = FakeReply::Kind;
    const Kind kind = reply.m_kind;
    const bool byDefault = kind == Kind::Default;
    if (kind == Kind::Error) {
        writeError(response, reply);
    } else if (kind == Kind::Raw) {
        response.headers.append(qMakePair(QByteArray("Content-Type"), reply.m_contentType));
        response.pieces = {reply.m_rawBody};
    } else if (kind == Kind::Text || (byDefault && request.isChat())) {
        if (reply.m_forceStreaming.value_or(request.isStream()))
            writeStream(response, reply, request, sequence);
        else
            writeCompletion(response, reply, request, sequence);
    } else if (kind == Kind::Embeddings || (byDefault && request.isEmbeddings())) {
        writeEmbeddings(response, reply, request, options);
    } else if (kind == Kind::Models || (byDefault && request.isModels())) {
        writeModels(response, reply, options);
    } else if (byDefault && options.poseAsOllama && request.path == QLatin1String("/api/tags")) {
        writeOllamaTags(response, options);
    } else {
        response.status = 404;
        setJsonBody(response, errorJson(QStringLiteral("Unknown path %1").arg(request.path),
                                        QStringLiteral("invalid_request_error"), QStringLiteral("not_found")));
    }
    for (const auto& header : reply.m_headers)
        response.headers.append(header);
    return response;
}

void FakeResponseBuilder::writeError(FakeResponse& response, const FakeReply& reply)
{
    const QString type = !reply.m_errorType.isEmpty() ? reply.m_errorType
                         : reply.m_status >= 500      ? QStringLiteral("server_error")
                         : reply.m_status == 429      ? QStringLiteral("rate_limit_error")
                                                      : QStringLiteral("invalid_request_error");
    setJsonBody(response, errorJson(reply.m_errorMessage, type, reply.m_errorCode));
}

void FakeResponseBuilder::writeCompletion(FakeResponse& response, const FakeReply& reply,
                                          const RecordedRequest& request, int sequence)
{
    const QString text = replyText(reply.m_kind, reply.m_text, request);
    const nlohmann::json finish =
        reply.m_finishReason.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(utf8(reply.m_finishReason));
    const nlohmann::json choice = {
        {"index", 0}, {"message", {{"role", "assistant"}, {"content", utf8(text)}}}, {"finish_reason", finish}};
    setJsonBody(response, {{"id", "chatcmpl-fake-" + std::to_string(sequence)},
                           {"object", "chat.completion"},
                           {"created", kCreated},
                           {"model", modelOf(request, "fake-chat")},
                           {"choices", {choice}},
                           {"usage", usageJson(request, text)}});
}

void FakeResponseBuilder::writeStream(FakeResponse& response, const FakeReply& reply, const RecordedRequest& request,
                                      int sequence)
{
    const QString text = replyText(reply.m_kind, reply.m_text, request);
    response.chunked = true;
    response.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("text/event-stream; charset=utf-8")));
    response.headers.append(qMakePair(QByteArray("Cache-Control"), QByteArray("no-cache")));
    const nlohmann::json head = {{"id", "chatcmpl-fake-" + std::to_string(sequence)},
                                 {"object", "chat.completion.chunk"},
                                 {"created", kCreated},
                                 {"model", modelOf(request, "fake-chat")}};
    auto chunk = [&head](const nlohmann::json& delta, const nlohmann::json& finish) {
        nlohmann::json j = head;
        j["choices"] = {{{"index", 0}, {"delta", delta}, {"finish_reason", finish}}};
        return sseEvent(j);
    };
    response.pieces.append(chunk({{"role", "assistant"}, {"content", ""}}, nullptr));
    for (const QString& piece : splitText(text, reply.m_deltaChars))
        response.pieces.append(chunk({{"content", utf8(piece)}}, nullptr));
    if (reply.m_keepAliveMs > 0) {
        response.keepAliveMs = reply.m_keepAliveMs;
        response.keepAlive = reply.m_keepAliveEmptyDeltas ? chunk({{"content", ""}}, nullptr) : QByteArrayLiteral(": keep-alive\n\n");
        return; // never finishes
    }
    if (!reply.m_streamErrorMessage.isEmpty()) {
        response.pieces.append(
            sseEvent(errorJson(reply.m_streamErrorMessage, QStringLiteral("server_error"), reply.m_streamErrorCode)));
        return; // a stream that fails ends there
    }
    if (!reply.m_finishReason.isEmpty())
        response.pieces.append(chunk(nlohmann::json::object(), utf8(reply.m_finishReason)));
    if (request.wantsStreamUsage()) {
        nlohmann::json usage = head;
        usage["choices"] = nlohmann::json::array();
        usage["usage"] = usageJson(request, text);
        response.pieces.append(sseEvent(usage));
    }
    if (reply.m_sendDone)
        response.pieces.append("data: [DONE]\n\n");
}

void FakeResponseBuilder::writeEmbeddings(FakeResponse& response, const FakeReply& reply,
                                          const RecordedRequest& request, const FakeServerOptions& options)
{
    QList<QList<float>> vectors = reply.m_vectors;
    if (reply.m_kind == FakeReply::Kind::Default) {
        for (const QString& input : request.embeddingInputs())
            vectors.append(hashedEmbedding(input, 64, options.embeddingSynonyms));
    }
    nlohmann::json data = nlohmann::json::array();
    for (qsizetype i = 0; i < vectors.size(); ++i) {
        nlohmann::json values = nlohmann::json::array();
        for (float v : vectors[i])
            values.push_back(v);
        data.push_back({{"object", "embedding"}, {"index", i}, {"embedding", std::move(values)}});
    }
    setJsonBody(response, {{"object", "list"},
                           {"data", std::move(data)},
                           {"model", modelOf(request, "fake-embed")},
                           {"usage", {{"prompt_tokens", 1}, {"total_tokens", 1}}}});
}

void FakeResponseBuilder::writeModels(FakeResponse& response, const FakeReply& reply, const FakeServerOptions& options)
{
    nlohmann::json data = nlohmann::json::array();
    for (const QString& id : reply.m_kind == FakeReply::Kind::Models ? reply.m_models : options.models)
        data.push_back({{"id", utf8(id)}, {"object", "model"}, {"created", kCreated}, {"owned_by", "engram-test"}});
    setJsonBody(response, {{"object", "list"}, {"data", std::move(data)}});
}

void FakeResponseBuilder::writeOllamaTags(FakeResponse& response, const FakeServerOptions& options)
{
    // As Ollama 0.5 answers: embedding models are of a BERT family, chat models of their own.
    nlohmann::json models = nlohmann::json::array();
    for (const QString& id : options.models) {
        const char* family = id.contains(QLatin1String("embed")) ? "nomic-bert" : "llama";
        models.push_back({{"name", utf8(id)},
                          {"model", utf8(id)},
                          {"size", 4683087332},
                          {"details", {{"format", "gguf"}, {"family", family}, {"parameter_size", "7.6B"}}}});
    }
    setJsonBody(response, {{"models", std::move(models)}});
}

QString defaultChatText(const RecordedRequest& request)
{
    QString said = request.lastUserMessage().simplified();
    if (said.size() > 200)
        said = said.left(200) + QStringLiteral("…");
    if (said.isEmpty())
        return QStringLiteral("Hello! I am Engram's test model.");
    if (hasCjk(said))
        return QStringLiteral("你说：“%1”。我是 Engram 的测试模型，已经收到。").arg(said);
    return QStringLiteral("You said: “%1”. I am Engram's test model, and I received it.").arg(said);
}

QString defaultExtractionText()
{
    return QStringLiteral(R"({"facts":[],"updates":[],"deletes":[]})");
}

QString defaultSummaryText(const RecordedRequest& request)
{
    nlohmann::json body = nlohmann::json::object();
    body["topic"] = "conversation";
    body["summary"] = "Summary: " + request.lastUserMessage().left(200).toStdString();
    return QString::fromStdString(body.dump());
}

QList<float> hashedEmbedding(const QString& text, int dimensions, const QHash<QString, QString>& synonyms)
{
    QList<float> v(dimensions, 0.0f);
    for (const QString& word : SearchTokenizer::tokenize(text)) {
        const QString token = synonyms.value(word, word);
        // FNV-1a over UTF-8: the same vector on every run and every Qt version.
        quint32 h = 2166136261u;
        for (char c : token.toUtf8()) {
            h ^= static_cast<unsigned char>(c);
            h *= 16777619u;
        }
        v[static_cast<int>(h % static_cast<quint32>(dimensions))] += (h & 0x80000000u) ? -1.0f : 1.0f;
    }
    double norm = 0;
    for (float x : v)
        norm += double(x) * x;
    if (norm > 0) {
        const float scale = static_cast<float>(1.0 / std::sqrt(norm));
        for (float& x : v)
            x *= scale;
    }
    return v;
}

} // namespace engram::test
