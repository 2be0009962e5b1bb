#pragma once

class QSettings;

namespace engram {

// The desktop app's settings key for MemoryConfig::enabled; engram-cli mcp reads it too, so
// "memory off" holds for other AI tools.
inline constexpr const char* kMemoryEnabledSetting = "memory/enabled";

// The app's settings keys of the numbers the user chooses in Settings → Memory.
namespace MemorySettingsKey {
inline constexpr const char* windowRounds = "memory/windowRounds";
inline constexpr const char* profileBudget = "memory/profileBudget";
inline constexpr const char* episodicBudget = "memory/episodicBudget";
inline constexpr const char* windowBudget = "memory/windowBudget";
inline constexpr const char* episodeCapacity = "memory/episodeCapacity";
inline constexpr const char* maxAgeDays = "memory/maxAgeDays";
} // namespace MemorySettingsKey

// Every tunable number of the memory tiers, with the defaults of MEMORY.md. The user can change
// them in Settings; tests set small values to exercise the edges.
struct MemoryConfig
{
    bool enabled{true}; // memory off: nothing is stored in any tier and no memory reaches the model

    // working memory
    int windowRounds{6};
    int summaryBufferThreshold{4};

    // episodic memory
    int episodeCapacity{2000};
    int maxAgeDays{0}; // 0 = no age limit (off by default; 90 when the user turns it on)
    int archiveDays{30};
    int forgetEveryWrites{50}; // then a forgetting job is queued (JobRunner runs it)
    int forgetBatch{200};      // at most this many episodes archived or purged per transaction of a pass
    int forgetSliceMs{50};     // the background pass shrinks its slices to about this long (0: forgetBatch)
    int replyGistChars{200};

    // semantic memory
    double pendingBelow{0.6};

    // context budgets, in estimated tokens
    int profileBudget{800};
    int episodicBudget{1000};
    int windowBudget{1000};
    int relatedExchanges{3};
    int relatedSummaries{3};
    // Embedding retrieval: a neighbour less similar than this (cosine) is not a candidate, so a
    // query with nothing related does not pull in unrelated items. Model-dependent; 0.2 suits
    // OpenAI-style models, where unrelated texts score about 0.1.
    double minVectorSimilarity{0.2};
    // How the keyword (BM25) and the embedding rankings are fused (weighted reciprocal rank, see
    // RankFusion): each ranking's weight, and one k for both. The keyword ranking is the lighter
    // one: on held-out data, equal weights with k = 60 fell below the embedding ranking alone
    // (R@5 0.638 against 0.694), while keyword weight 0.2-0.3 and k = 10 rose above it (0.708-0.712).
    double keywordFusionWeight{0.25};
    double vectorFusionWeight{1.0};
    int fusionK{10};

    // how long a deleted item's content is kept so the delete can be undone
    int undoMinutes{15};
};

// `base` with the numbers the user chose in the app's Settings (window, budgets, forgetting):
// the app and engram-cli work on one memory by the same rules. `enabled` is left as it is.
MemoryConfig withChosenNumbers(const QSettings& settings, MemoryConfig base = {});

} // namespace engram
