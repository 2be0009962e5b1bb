// Fuzzes SearchTokenizer: any text, no crash, and tokens that FTS5 can take.
#include "FuzzSupport.h"
#include "core/SearchTokenizer.h"

using namespace engram;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QString text = fuzz::text(data, size);
    const QStringList tokens = SearchTokenizer::tokenize(text);
    // A CJK run gives its characters and its bigrams, a word one token; NFKC expands one unit to
    // at most 18 (U+FDFA): so at most 36 tokens per UTF-16 unit of input.
    if (tokens.size() > 36 * text.size())
        fuzz::fail("bounded token count", QStringLiteral("%1 tokens for %2 units").arg(tokens.size()).arg(text.size()));
    for (const QString& token : tokens) {
        if (token.isEmpty())
            fuzz::fail("every token non-empty");
        for (const QChar c : token) {
            if (c.isSpace() || c == u'"' || c.category() == QChar::Other_Control)
                fuzz::fail("tokens hold no spaces, quotes or controls", token);
        }
        if (token.size() > 18 * 3 * text.size())
            fuzz::fail("a token is not longer than its folded text", token);
    }
    const QString index = SearchTokenizer::indexText(text);
    if (index != tokens.join(u' '))
        fuzz::fail("indexText is the tokens joined by spaces", index);
    // Tokenizing the index text again gives the same tokens, unless stemming moves a word once
    // more ("stories" -> "story"): compare counts, which stemming keeps.
    if (SearchTokenizer::tokenize(index).size() < tokens.size() / 2)
        fuzz::fail("re-tokenizing the index text keeps its words", index);
    const QString match = SearchTokenizer::matchExpression(text);
    if (match.isEmpty() != tokens.isEmpty())
        fuzz::fail("a match expression exactly when there are tokens", match);
    return 0;
}
