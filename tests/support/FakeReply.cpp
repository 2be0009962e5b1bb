#include "FakeReply.h"

namespace engram::test {
namespace {

QString jsonString(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

// The message's text: a plain string, or the text parts of a content array.
QString contentText(const nlohmann::json& message)
{
    const auto it = message.find("content");
    if (it == message.end())
        return {};
    if (it->is_string())
        return QString::fromStdString(it->get<std::string>());
    QString text;
    if (it->is_array()) {
        for (const auto& part : *it)
            text += jsonString(part, "text");
    }
    return text;
}

QString messageOfRole(const nlohmann::json& json, const char* role, bool last)
{
    if (!json.is_object() || !json.contains("messages") || !json["messages"].is_array())
        return {};
    QString found;
    for (const auto& m : json["messages"]) {
        if (m.is_object() && jsonString(m, "role") == QLatin1String(role)) {
            found = contentText(m);
            if (!last)
                return found;
        }
    }
    return found;
}

} // namespace

bool RecordedRequest::isStream() const
{
    return json.is_object() && json.value("stream", false);
}

bool RecordedRequest::wantsJsonObject() const
{
    return json.is_object() && json.contains("response_format") && json["response_format"].is_object() &&
           jsonString(json["response_format"], "type") == QLatin1String("json_object");
}

bool RecordedRequest::wantsStreamUsage() const
{
    return json.is_object() && json.contains("stream_options") && json["stream_options"].is_object() &&
           json["stream_options"].value("include_usage", false);
}

bool RecordedRequest::isExtraction() const
{
    if (!isChat())
        return false;
    if (wantsJsonObject())
        return true;
    const QString system = systemPrompt();
    return system.contains(QLatin1String("extract"), Qt::CaseInsensitive) ||
           system.contains(QLatin1String("\"facts\""));
}

bool RecordedRequest::isSummary() const
{
    return isExtraction() && systemPrompt().contains(QLatin1String("\"summary\""));
}

QString RecordedRequest::model() const
{
    return json.is_object() ? jsonString(json, "model") : QString();
}

QString RecordedRequest::systemPrompt() const
{
    return messageOfRole(json, "system", false);
}

QString RecordedRequest::lastUserMessage() const
{
    return messageOfRole(json, "user", true);
}

QStringList RecordedRequest::embeddingInputs() const
{
    QStringList inputs;
    if (!json.is_object() || !json.contains("input"))
        return inputs;
    const auto& input = json["input"];
    if (input.is_string())
        inputs.append(QString::fromStdString(input.get<std::string>()));
    else if (input.is_array()) {
        for (const auto& item : input) {
            if (item.is_string())
                inputs.append(QString::fromStdString(item.get<std::string>()));
        }
    }
    return inputs;
}

namespace FakeMatch {
FakeMatcher any()
{
    return [](const RecordedRequest&) { return true; };
}
FakeMatcher chat()
{
    return [](const RecordedRequest& r) { return r.isChat() && !r.isExtraction(); };
}
FakeMatcher extraction()
{
    return [](const RecordedRequest& r) { return r.isExtraction(); };
}
FakeMatcher streaming()
{
    return [](const RecordedRequest& r) { return r.isChat() && r.isStream(); };
}
FakeMatcher embeddings()
{
    return [](const RecordedRequest& r) { return r.isEmbeddings(); };
}
FakeMatcher models()
{
    return [](const RecordedRequest& r) { return r.isModels(); };
}
} // namespace FakeMatch

FakeReply FakeReply::defaultReply()
{
    return {};
}

FakeReply FakeReply::text(const QString& text)
{
    FakeReply r;
    r.m_kind = Kind::Text;
    r.m_text = text;
    return r;
}

FakeReply FakeReply::stream(const QString& text, int chunkBytes)
{
    FakeReply r = FakeReply::text(text);
    return chunkBytes > 0 ? r.withChunkBytes(chunkBytes) : r;
}

FakeReply FakeReply::json(const nlohmann::json& object)
{
    return text(QString::fromStdString(object.dump()));
}

FakeReply FakeReply::error(int status, const QString& message, const QString& type, const QString& code)
{
    FakeReply r;
    r.m_kind = Kind::Error;
    r.m_status = status;
    r.m_errorMessage = message;
    r.m_errorType = type;
    r.m_errorCode = code;
    return r;
}

FakeReply FakeReply::raw(int status, const QByteArray& body, const QByteArray& contentType)
{
    FakeReply r;
    r.m_kind = Kind::Raw;
    r.m_status = status;
    r.m_rawBody = body;
    r.m_contentType = contentType;
    return r;
}

FakeReply FakeReply::embeddings(const QList<QList<float>>& vectors)
{
    FakeReply r;
    r.m_kind = Kind::Embeddings;
    r.m_vectors = vectors;
    return r;
}

FakeReply FakeReply::models(const QStringList& ids)
{
    FakeReply r;
    r.m_kind = Kind::Models;
    r.m_models = ids;
    return r;
}

FakeReply FakeReply::stall(int ms)
{
    return defaultReply().withStallBefore(ms);
}

FakeReply FakeReply::dropAfter(int bytes)
{
    return defaultReply().withDropAfter(bytes);
}

FakeReply FakeReply::withRetryAfter(int seconds) const
{
    return withRetryAfter(QByteArray::number(seconds));
}

FakeReply FakeReply::withRetryAfter(const QByteArray& value) const
{
    return withHeader("Retry-After", value);
}

FakeReply FakeReply::withHeader(const QByteArray& name, const QByteArray& value) const
{
    return changed([&](FakeReply& r) { r.m_headers.append({name, value}); });
}

FakeReply FakeReply::withChunkBytes(int bytes, int delayMs) const
{
    return changed([&](FakeReply& r) {
        r.m_chunkBytes = bytes;
        r.m_chunkDelayMs = delayMs;
    });
}

FakeReply FakeReply::withCutsAt(const QList<int>& offsets, int delayMs) const
{
    return changed([&](FakeReply& r) {
        r.m_cuts = offsets;
        r.m_chunkDelayMs = delayMs;
    });
}

FakeReply FakeReply::withDeltaChars(int chars) const
{
    return changed([&](FakeReply& r) { r.m_deltaChars = std::max(1, chars); });
}

FakeReply FakeReply::withStallBefore(int ms) const
{
    return changed([&](FakeReply& r) { r.m_stallBeforeMs = ms; });
}

FakeReply FakeReply::withStallAfter(int bytes, int ms) const
{
    return changed([&](FakeReply& r) {
        r.m_stallAfterBytes = bytes;
        r.m_stallAfterMs = ms;
    });
}

FakeReply FakeReply::withDropAfter(int bytes) const
{
    return changed([&](FakeReply& r) { r.m_dropAfterBytes = bytes; });
}

FakeReply FakeReply::withFinishReason(const QString& reason) const
{
    return changed([&](FakeReply& r) { r.m_finishReason = reason; });
}

FakeReply FakeReply::withoutDone() const
{
    return changed([&](FakeReply& r) { r.m_sendDone = false; });
}

FakeReply FakeReply::withEndlessKeepAlive(int intervalMs, bool emptyDeltas) const
{
    return changed([&](FakeReply& r) {
        r.m_keepAliveMs = std::max(1, intervalMs);
        r.m_keepAliveEmptyDeltas = emptyDeltas;
    });
}

FakeReply FakeReply::withStreamError(const QString& message, const QString& code) const
{
    return changed([&](FakeReply& r) {
        r.m_streamErrorMessage = message;
        r.m_streamErrorCode = code;
    });
}

FakeReply FakeReply::withForcedStreaming(bool stream) const
{
    return changed([&](FakeReply& r) { r.m_forceStreaming = stream; });
}

} // namespace engram::test
