#pragma once

#include "llm/LlmClient.h"
#include "llm/LlmSettings.h"
#include "memory/VectorIndex.h"

#include <QString>

#include <optional>

namespace engram::cli {

// The endpoint the desktop app is set to (its QSettings file), then the environment on top
// (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_EMBEDDING_MODEL). The API key comes from the
// environment only: the keychain is the GUI's.
LlmSettings endpointSettings();
// Whether a model endpoint was ever chosen: saved by the app, or given in LLM_BASE_URL or
// OPENAI_BASE_URL (else the default address is only a guess, and nothing is asked of it).
bool endpointChosen();
// The app's "memory off" switch (Settings → Memory), read afresh from its settings file.
bool memoryTurnedOn();

// Embeds search queries with the endpoint's embedding model, so that `search` ranks as a chat turn
// does (keywords and vectors fused). Without an embedding model it embeds nothing.
class QueryEmbedder final
{
public:
    // How long one query may take to embed before the search goes on with keywords alone.
    static constexpr int kTimeoutMs = 10000;

    explicit QueryEmbedder(const LlmSettings& settings);

    bool enabled() const { return m_client.canEmbed(); }
    // The query's vector; nullopt, with the reason in `why`, when the endpoint did not give one.
    std::optional<QueryVector> embed(const QString& query, QString* why);
    // How many queries got no vector so far.
    int failures() const { return m_failures; }

private:
    LlmClient m_client;
    int m_failures{};
};

} // namespace engram::cli
