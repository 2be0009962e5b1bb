#include "llm/OpenAiProtocol.h"

#include <algorithm>

namespace engram::openai {
namespace {

std::string utf8(const QString& s)
{
    return s.toStdString();
}

QString qstr(const nlohmann::json& j)
{
    return j.is_string() ? QString::fromStdString(j.get<std::string>()) : QString();
}

QString excerpt(const QByteArray& body)
{
    return QString::fromUtf8(body.left(200)).simplified();
}

bool isErrorObject(const nlohmann::json& j)
{
    return j.is_object() && j.contains("error") && !j["error"].is_null();
}

} // namespace

nlohmann::json chatBody(const ChatRequest& request, const QString& model, const ChatBodyOptions& options)
{
    nlohmann::json messages = nlohmann::json::array();
    for (const ChatMessage& m : request.messages)
        messages.push_back({{"role", utf8(enumName(m.role))}, {"content", utf8(m.content)}});
    nlohmann::json body = {{"model", utf8(model)}, {"messages", std::move(messages)}, {"stream", options.stream}};
    if (options.stream && options.includeUsage)
        body["stream_options"] = {{"include_usage", true}};
    if (options.jsonObject)
        body["response_format"] = {{"type", "json_object"}};
    if (request.temperature)
        body["temperature"] = *request.temperature;
    if (request.maxTokens)
        body["max_tokens"] = *request.maxTokens;
    return body;
}

nlohmann::json embeddingsBody(const QStringList& texts, const QString& model)
{
    nlohmann::json input = nlohmann::json::array();
    for (const QString& t : texts)
        input.push_back(utf8(t));
    return {{"model", utf8(model)}, {"input", std::move(input)}};
}

QByteArray serialize(const nlohmann::json& body)
{
    return QByteArray::fromStdString(body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

std::optional<Usage> parseUsage(const nlohmann::json& object)
{
    const auto it = object.find("usage");
    if (it == object.end() || !it->is_object())
        return std::nullopt;
    Usage u;
    u.promptTokens = it->value("prompt_tokens", 0);
    u.completionTokens = it->value("completion_tokens", 0);
    u.totalTokens = it->value("total_tokens", u.promptTokens + u.completionTokens);
    return u;
}

LlmResult<ChatResult> parseChatCompletion(const QByteArray& body, const LlmError::Context& context)
{
    try {
        const auto j = nlohmann::json::parse(body.constBegin(), body.constEnd());
        if (isErrorObject(j))
            return LlmError::fromErrorObject(body, context);
        const auto& choices = j.at("choices");
        if (!choices.is_array() || choices.empty())
            return LlmError::unreadable(LlmError::tr("The reply has no choices."));
        const auto& choice = choices.front();
        ChatResult result;
        const auto& message = choice.at("message");
        if (message.contains("content"))
            result.text = qstr(message["content"]);
        if (choice.contains("finish_reason"))
            result.finishReason = qstr(choice["finish_reason"]);
        result.usage = parseUsage(j);
        if (j.contains("model"))
            result.model = qstr(j["model"]);
        return result;
    } catch (const nlohmann::json::exception&) {
        return LlmError::unreadable(excerpt(body));
    }
}

LlmResult<EmbeddingResult> parseEmbeddings(const QByteArray& body, qsizetype inputCount,
                                           const LlmError::Context& context)
{
    try {
        const auto j = nlohmann::json::parse(body.constBegin(), body.constEnd());
        if (isErrorObject(j))
            return LlmError::fromErrorObject(body, context);
        const auto& data = j.at("data");
        if (!data.is_array() || static_cast<qsizetype>(data.size()) != inputCount)
            return LlmError::unreadable(LlmError::tr("The reply has %1 embeddings for %2 texts.")
                                            .arg(data.is_array() ? data.size() : 0)
                                            .arg(inputCount));
        EmbeddingResult result;
        result.vectors.resize(inputCount);
        qsizetype position = 0;
        for (const auto& item : data) {
            // Servers may list items out of order; "index" says where each belongs.
            const qsizetype index = item.value("index", static_cast<long long>(position));
            ++position;
            if (index < 0 || index >= inputCount)
                return LlmError::unreadable(LlmError::tr("The reply has an embedding for a text it was not sent."));
            QList<float> vector;
            for (const auto& x : item.at("embedding"))
                vector.append(x.get<float>());
            result.vectors[index] = std::move(vector);
        }
        if (j.contains("model"))
            result.model = qstr(j["model"]);
        result.usage = parseUsage(j);
        return result;
    } catch (const nlohmann::json::exception&) {
        return LlmError::unreadable(excerpt(body));
    }
}

LlmResult<QStringList> parseModelList(const QByteArray& body, const LlmError::Context& context)
{
    try {
        const auto j = nlohmann::json::parse(body.constBegin(), body.constEnd());
        if (isErrorObject(j))
            return LlmError::fromErrorObject(body, context);
        QStringList ids;
        for (const auto& item : j.at("data")) {
            const QString id = qstr(item.at("id"));
            if (!id.isEmpty())
                ids.append(id);
        }
        std::sort(ids.begin(), ids.end());
        return ids;
    } catch (const nlohmann::json::exception&) {
        return LlmError::unreadable(excerpt(body));
    }
}

} // namespace engram::openai
