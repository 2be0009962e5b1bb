<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AppStartup</name>
    <message>
        <source>A desktop assistant that remembers you across conversations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the memory database at &lt;path&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engram cannot start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory database could not be opened:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engram has not changed the file. Move it aside to start with an empty memory, or start Engram with --db and the path of another file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory file is damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engram found the memory file damaged or unreadable, so it did not write into it. The file was moved aside as:
%1

SQLite says: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The newest good backup is from %1 (%Ln fact(s)).</source>
        <translation>
            <numerusform>The newest good backup is from %1 (%Ln fact).</numerusform>
            <numerusform>The newest good backup is from %1 (%Ln facts).</numerusform>
        </translation>
    </message>
    <message>
        <source>Restore the newest good backup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no good backup to restore.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start with an empty memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The backup could not be restored:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory on the server %1 could not be opened:
%2

Engram did not switch to the memory file on this computer. Check that the server is running and that its address and password are right. To use the file instead, start Engram once with --db %3 and choose “On this computer” in Settings → Memory Storage.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EndpointProbe</name>
    <message numerus="yes">
        <source>Connected: %Ln model(s) available.</source>
        <translation>
            <numerusform>Connected: %Ln model available.</numerusform>
            <numerusform>Connected: %Ln models available.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FactLabels</name>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Employer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tech stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Programming language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Likes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dislikes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lives in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Goal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deploys with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Birthday</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Me</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LlmError</name>
    <message numerus="yes">
        <source>No connection within %n second(s).</source>
        <translation>
            <numerusform>No connection within %n second.</numerusform>
            <numerusform>No connection within %n seconds.</numerusform>
        </translation>
    </message>
    <message>
        <source>The stream held no text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embeddings are off. Choose an embedding model in the model settings to use them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address is not an http:// or https:// URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model server at %1 refused the API key. Check the key in the model settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model server at %1 has no model called “%2”. Choose one of its models in the model settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model server at %1 does not know the model “%2”, or the address is not an OpenAI-compatible API (it usually ends in /v1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your account at %1 has no quota left. Check your plan or billing with the provider.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model server at %1 is receiving too many requests. Wait a moment and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model server at %1 took too long to read the request. Try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model server at %1 had an internal problem (HTTP %2). Try again later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model server at %1 refused the request (HTTP %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model server at %1 answered with an unexpected HTTP status %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server said: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The model server stopped answering for %n second(s). Try again, or raise the timeout in the model settings.</source>
        <translation>
            <numerusform>The model server stopped answering for %n second. Try again, or raise the timeout in the model settings.</numerusform>
            <numerusform>The model server stopped answering for %n seconds. Try again, or raise the timeout in the model settings.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot reach the model server at %1. Check that it is running and that the address in the model settings is right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model server sent a reply Engram cannot read. Check that the address points to an OpenAI-compatible API.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model server at %1 reported an error in the middle of its reply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply has no choices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply has %1 embeddings for %2 texts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply has an embedding for a text it was not sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The model server was still sending its reply after %n second(s), the longest a reply may take. Try again, or raise the limit in the model settings.</source>
        <translation>
            <numerusform>The model server was still sending its reply after %n second, the longest a reply may take. Try again, or raise the limit in the model settings.</numerusform>
            <numerusform>The model server was still sending its reply after %n seconds, the longest a reply may take. Try again, or raise the limit in the model settings.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The model server sent a reply larger than %n MiB, more than Engram reads. Check that the address points to an OpenAI-compatible API.</source>
        <translation>
            <numerusform>The model server sent a reply larger than %n MiB, more than Engram reads. Check that the address points to an OpenAI-compatible API.</numerusform>
            <numerusform>The model server sent a reply larger than %n MiB, more than Engram reads. Check that the address points to an OpenAI-compatible API.</numerusform>
        </translation>
    </message>
    <message>
        <source>The connection to the model server broke before the reply was complete.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LlmSettings</name>
    <message>
        <source>(no valid address)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a web address. Enter one like http://127.0.0.1:11434/v1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a chat model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeouts must be longer than zero.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry settings cannot be negative.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Profile: each has its own conversations and memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manage profiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New incognito conversation: nothing in it is stored or remembered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message the assistant (Enter sends, Shift+Enter adds a line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New &amp;Incognito Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing in it is stored, and the assistant neither remembers nor recalls anything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rename Conversation…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete Conversation…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each profile has its own conversations and its own memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rename Profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete Profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Memory…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save everything the assistant remembers about this profile to a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import Memory…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add remembered items from an Engram export file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear My Memory…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Erase everything the assistant remembers about this profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Engram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New incognito conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message to the assistant</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>McpSnippet</name>
    <message>
        <source>Settings → Developer → Edit Config (claude_desktop_config.json), then restart Claude Desktop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>~/.cursor/mcp.json (or .cursor/mcp.json in a project).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>.vscode/mcp.json in your workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run this command in a terminal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings → MCP Servers → Add Server, type STDIO: enter the command, arguments and environment below (versions that import JSON take it whole).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryLocation</name>
    <message>
        <source>The memory server saved in Settings cannot be used: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory server saved in Settings is not a postgresql:// address: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ServerConnection</name>
    <message>
        <source>The connection to the memory server %1 was lost in the middle of a change; nothing of it was saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qt&apos;s PostgreSQL driver (QPSQL) is not installed; on Debian it is the package libqt6sql6-psql.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory server %1 is unreachable: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory server %1 did not answer: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory server %1 is unreachable; it is tried again shortly.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show or hide the key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Chat model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Memory model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same as the chat model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model that picks out facts worth remembering after each turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Embedding model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None: recall by keywords only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Timeouts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long to wait for the endpoint to answer at all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to connect,</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long a reply may pause before it counts as stalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remember things across conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>While this is off, nothing new is remembered and nothing remembered reaches the model. What is already stored stays until you delete it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What goes into each reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent &amp;rounds kept word for word:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Facts about you, at most:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Past conversations, at most:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent &amp;messages, at most:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forgetting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep at most this many past &amp;exchanges:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let past exchanges &amp;fade after:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned items and facts about you are never forgotten this way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>General</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new language takes effect when Engram starts again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The longest a whole reply may take, however steadily it streams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the newest &amp;backups:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A checked copy of the memory file is made each day Engram runs, and before an import that replaces, a clear and an upgrade. Older copies beyond this number are removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of silence,</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per reply</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SetupDialog</name>
    <message>
        <source>Welcome to Engram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model that answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Chat model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Embeddings:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optional: with embeddings, memories are also found by meaning, not only by their words.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;ddress:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>https://…/v1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat &amp;model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Look for Ollama Again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use Another &amp;Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You can change all of this later in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::AddFactDialog</name>
    <message>
        <source>Add a fact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Subject:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Predicate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for example: employer, city, favourite language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Confidence:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say whom the fact is about, for example “user”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fill in the predicate and the value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Below %1% the fact waits for your confirmation before it is used.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ArchiveTableModel</name>
    <message>
        <source>Content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ChatController</name>
    <message>
        <source>Not answered: no model is set up yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered: the model could not be reached.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered: the endpoint did not accept the API key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered: the endpoint is limiting requests for now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered: the model took too long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered: the endpoint reported an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered: the model&apos;s answer could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not sent: the message could not be saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask anything. What matters is remembered across conversations; see and change it in the memory panel (Ctrl+M).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load this conversation: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reply was received.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This reply was interrupted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The previous reply is still being written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remembered: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not undo: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No longer remembered: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Less sure: %1</source>
        <extracomment>A memory notice: the user said the reply was wrong, so a fact it used is now in doubt</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirmed: %1</source>
        <extracomment>A memory notice: the user said the reply was right, so a fact it used is now confirmed</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This reply was longer than %L1 characters: its first part is kept, the rest was not read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply was cut at the length limit.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ChatInput</name>
    <message>
        <source>Only the first %1 of the %2 characters pasted were kept: a message holds at most %3.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ChatView</name>
    <message>
        <source>Incognito conversation: nothing here is stored, and the assistant neither remembers nor recalls anything.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied the message to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget this again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ConnectToolDialog</name>
    <message>
        <source>Where: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect Other AI Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other AI tools can search what Engram remembers and add to it through the Model Context Protocol. Paste this into the tool&apos;s configuration; the paths are this computer&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tool:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What a new tool writes waits for your confirmation in the panel until you let it write under Settings → Connected Tools.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ConnectedToolsPage</name>
    <message>
        <source>Connected tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read and write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read; I confirm what it writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connected tools cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, version %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What %1 may do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AI tools such as Claude Desktop, Cursor or VS Code that used this profile&apos;s memory through Engram&apos;s MCP server. A new tool may read; what it writes waits for your confirmation in the panel until you let it write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>May</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No AI tool has used your memory yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect a Tool…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ConversationList</name>
    <message>
        <source>New conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Incognito: nothing in this conversation is stored or remembered. It disappears when Engram closes.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::EditItemDialog</name>
    <message>
        <source>The text cannot be empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The text has %1 characters; at most %2 fit.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::EpisodeTableModel</name>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reply gist / Topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accesses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last access</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ErrorBanner</name>
    <message>
        <source>Open Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide this message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model is connected, so the assistant cannot answer yet. Open Settings to choose a provider or enter the address of an OpenAI-compatible endpoint. Conversations and memory keep working meanwhile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model cannot be reached at %1. Check that the server is running and that the address in Settings is right; your message is kept, so you can retry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint did not accept the API key. Check the key in Settings; your message is kept, so you can retry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint is limiting requests right now. Wait a moment, then retry your message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model did not answer in time. It may be busy or still loading; retry in a moment, or allow more time in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint reported an error. Your message is kept; retry in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s answer could not be understood. Check the chat model in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your message could not be saved. It stays on screen; retry in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your message and the reply are kept and will be saved as soon as the server answers again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory server unreachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your message and the reply are kept and will be saved as soon as the memory file can be written again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory could not be saved</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::FactTableModel</name>
    <message>
        <source>Subject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not used in replies until you confirm it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You said</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added by you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::HistoryDialog</name>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happened to “%1”, oldest first:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::HistoryTableModel</name>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before → after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unpinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forgotten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cleared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Purged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(content erased)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of the window</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ItemTableModel</name>
    <message>
        <source>Active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Superseded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::KeychainSecretStore</name>
    <message>
        <source>No keychain service (such as GNOME Keyring or KWallet) is running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain could not delete the saved key or password: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::MainWindow</name>
    <message>
        <source>Me</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the Reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated tokens each memory tier put into the last reply&apos;s context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Memory Panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show or hide what the assistant remembers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the profiles: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create a profile to start (Profile › New Profile).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of the new profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile could not be created.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New name of this profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile could not be renamed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the profile “%1”?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All of its conversations and everything the assistant remembers about it are erased. This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile could not be deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the conversations: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a conversation: type below, or choose New Conversation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Engram</source>
        <extracomment>Window title: the conversation&apos;s title, then the app&apos;s name</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation could not be created.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New title of this conversation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation could not be renamed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the conversation “%1”?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its messages are removed from the history. What the assistant learned from it stays in memory until you delete it there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation could not be deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the reply (Esc); what has arrived is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the message (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot reach the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Engram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context tokens: %1 conversation · %2 past · %3 facts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A reply is still being written. Press Esc to stop it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That memory is no longer in the panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Check Memory File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check every page of the memory file for damage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Engram %1&lt;/h3&gt;&lt;p&gt;A desktop assistant that remembers you across conversations, and shows you everything it remembers.&lt;/p&gt;&lt;p&gt;Memory is kept in one file on this computer; only the model endpoint you choose sees your messages.&lt;/p&gt;&lt;p&gt;Your memory: %2&lt;br&gt;Its folder: %3&lt;/p&gt;&lt;p&gt;Free software under the MIT licence.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation this came from was deleted. The memory stays until you delete it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The highlighted message is where this came from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This came from this conversation; the message itself is no longer in it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Search Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search everything the assistant remembers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect Other AI &amp;Tools…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let Claude Desktop, Cursor, VS Code and other tools use this memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory saved again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Forgetting moved %Ln older episode(s) to the archive; the panel&apos;s Archive tab can bring them back.</source>
        <translation>
            <numerusform>Forgetting moved %Ln older episode to the archive; the panel&apos;s Archive tab can bring it back.</numerusform>
            <numerusform>Forgetting moved %Ln older episodes to the archive; the panel&apos;s Archive tab can bring them back.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::MemoryFileCare</name>
    <message>
        <source>The daily backup of the memory was written and checked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The daily backup of the memory failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory file %1 was checked in full and no problem was found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory file %1 is damaged. Export what you can now, then quit Engram and restore the newest good backup (engram-cli backups, then engram-cli restore FILE).

SQLite says: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory file %1 could not be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file %1 is not an Engram memory this version can use: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check memory file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A check or backup of the memory file is already running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the memory file…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::MemoryFilterBar</name>
    <message>
        <source>From anywhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Said by me</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inferred by the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From another tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Past 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Past 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Past year</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear Filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the memory came from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation the memory was learned in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When the memory was made</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::MemoryPanel</name>
    <message>
        <source>Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Episodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add Fact…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remember a fact you type in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirm the selected pending facts so they are used in replies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reject the selected pending facts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned items are never forgotten and always go into the context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change the selected item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the selected items (Undo brings them back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bring the selected episodes back from the archive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show what happened to the selected item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo your last pin, edit or delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the assistant remembers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the memory: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile (%L1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Episodes (%L1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Episodes (%L1+)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working (%L1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archive (%L1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archive (%L1+)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln fact(s) wait for your confirmation. They are not used in replies until you confirm them.</source>
        <translation>
            <numerusform>%Ln fact waits for your confirmation. It is not used in replies until you confirm it.</numerusform>
            <numerusform>%Ln facts wait for your confirmation. They are not used in replies until you confirm them.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not pin “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not unpin “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Pinned %Ln item(s): never forgotten, always in the context.</source>
        <translation>
            <numerusform>Pinned %Ln item: never forgotten, always in the context.</numerusform>
            <numerusform>Pinned %Ln items: never forgotten, always in the context.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Unpinned %Ln item(s).</source>
        <translation>
            <numerusform>Unpinned %Ln item.</numerusform>
            <numerusform>Unpinned %Ln items.</numerusform>
        </translation>
    </message>
    <message>
        <source>Edit Fact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit What the Model Sees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the model sees of this message from now on. The chat keeps showing the original.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit Episode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The text of this episode:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save the change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved. Press %1 or choose Undo to go back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete Items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not delete “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The model no longer sees %Ln message(s). Press %1 or choose Undo to bring it back.</source>
        <translation>
            <numerusform>The model no longer sees %Ln message. Press %1 or choose Undo to bring it back.</numerusform>
            <numerusform>The model no longer sees %Ln messages. Press %1 or choose Undo to bring them back.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %Ln item(s). Press %1 or choose Undo to bring it back.</source>
        <translation>
            <numerusform>Deleted %Ln item. Press %1 or choose Undo to bring it back.</numerusform>
            <numerusform>Deleted %Ln items. Press %1 or choose Undo to bring them back.</numerusform>
        </translation>
    </message>
    <message>
        <source>There is nothing to undo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not undo the last change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undid your last change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not add the fact.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added. The fact waits for your confirmation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added. The assistant will remember it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not confirm “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Confirmed %Ln fact(s). They are used in replies from now on.</source>
        <translation>
            <numerusform>Confirmed %Ln fact. It is used in replies from now on.</numerusform>
            <numerusform>Confirmed %Ln facts. They are used in replies from now on.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not reject “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Rejected %Ln fact(s). They will not be used.</source>
        <translation>
            <numerusform>Rejected %Ln fact. It will not be used.</numerusform>
            <numerusform>Rejected %Ln facts. They will not be used.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Restored %Ln episode(s) to memory.</source>
        <translation>
            <numerusform>Restored %Ln episode to memory.</numerusform>
            <numerusform>Restored %Ln episodes to memory.</numerusform>
        </translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1

%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New value of “%1 · %2”:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing remembered yet. As you chat, facts about you, past exchanges and the current conversation appear here. To add a fact yourself, use Add Fact.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory tiers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Facts about you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Past exchanges and summaries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The current conversation window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archived memories</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln item(s)? One Undo brings them all back.</source>
        <translation>
            <numerusform>Delete %Ln item? Undo brings it back.</numerusform>
            <numerusform>Delete %Ln items? One Undo brings them all back.</numerusform>
        </translation>
    </message>
    <message>
        <source>Show &amp;Where This Came From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the conversation at the message this was learned from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing tells where this came from: it was added by hand or imported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search all memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searches every tab at once; each tab says how many of its items match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search all memory…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only memories from a source, a conversation or a time, or only pinned ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the conversations: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filters (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not restore the selected episodes.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::MemorySecretStore</name>
    <message>
        <source>No keychain service is running.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::MemoryStoragePage</name>
    <message>
        <source>Enter the server&apos;s address, or choose “On this computer”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This address cannot be used: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A server&apos;s address starts with postgresql://, for example postgresql://me@db.example.org:5432/engram.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The password is kept in the system keychain, never in the settings file. Leave it empty to use PGPASSWORD or ~/.pgpass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 The password is kept only until Engram quits and is never written to a file; at the next start Engram needs PGPASSWORD or ~/.pgpass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected: PostgreSQL %1. No memory is kept there yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Connected: PostgreSQL %1, with the memory of %Ln profile(s).</source>
        <translation>
            <numerusform>Connected: PostgreSQL %1, with the memory of %Ln profile.</numerusform>
            <numerusform>Connected: PostgreSQL %1, with the memory of %Ln profiles.</numerusform>
        </translation>
    </message>
    <message>
        <source>Where Engram keeps its memory: the conversations, facts and summaries of every profile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On this &amp;computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On a &amp;PostgreSQL server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One memory for several devices or a team, kept by a server you run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the server with this address and password, as the next start will</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engram uses the new place from its next start. Nothing is copied between the two: to take your memory along, run “engram-cli migrate --from &lt;old&gt; --to &lt;new&gt;” while Engram is closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In use now: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::MemoryTransfer</name>
    <message>
        <source>Engram memory (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory could not be exported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1 facts, %2 episodes and %3 messages to %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was imported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added %1 facts, %2 episodes and %3 messages; skipped %4 already remembered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 facts disagree with what is remembered and wait for you to confirm them in the Profile tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory was imported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1 items.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save a Backup First</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear My Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was cleared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cleared %1 facts, %2 episodes and %3 messages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A backup is in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Erase everything the assistant remembers about “%1”?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 facts, %2 episodes, %3 messages in the working window and %4 archived episodes are erased, with their history. This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save a backup first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>engram-memory-%1-%2.json</source>
        <extracomment>Suggested file name of an export: the profile&apos;s name, then the date</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::MessageWidget</name>
    <message>
        <source>This conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Past conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy this message to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write this reply again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the assistant was reminded of for this reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send this message again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thinking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memories used (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 · %Ln token(s)</source>
        <extracomment>One memory that went into a reply: its kind, its text, and how many tokens it took</extracomment>
        <translation>
            <numerusform>%1 · %2 · %Ln token</numerusform>
            <numerusform>%1 · %2 · %Ln tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Show this item in the memory panel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::OfflineChatEngine</name>
    <message>
        <source>There is nothing to undo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model client is connected in this build.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::SettingsDialog</name>
    <message>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <comment>unit suffix of a number of seconds</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <comment>unit suffix of a token budget</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> days</source>
        <comment>unit suffix of a number of days</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Available once a model client is connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Using the key from the environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send a short request with these settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key is kept in the system keychain, never in a file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 The key is kept only until Engram quits and is never written to a file; enter it again after a restart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory Storage</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::SetupDialog</name>
    <message>
        <source>Looking for Ollama on this computer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Ollama runs on this computer with %Ln model(s). Choose the one that answers you:</source>
        <translation>
            <numerusform>Ollama runs on this computer with %Ln model. Choose the one that answers you:</numerusform>
            <numerusform>Ollama runs on this computer with %Ln models. Choose the one that answers you:</numerusform>
        </translation>
    </message>
    <message>
        <source>Or use a provider on the internet:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ollama runs on this computer but has no chat model yet. Get one with “ollama pull %1” in a terminal and look again, or choose a provider:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Ollama answered at %1. Install it from ollama.com and look again, or choose a provider:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engram remembers what you tell it, facts about you and what you talked about, so you need not introduce yourself again. All of it stays in one file on this computer, %1, and the panel “What the assistant remembers” shows every item, to correct or delete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None: find memories by their words only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start Chatting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip for Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any server that speaks the OpenAI API: enter its address, usually ending in /v1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs an API key: create one at %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs on your own computer, no key needed: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key could not be stored: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::WorkingTableModel</name>
    <message>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the model sees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You changed what the model sees. The chat still shows the original.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model sees the message as it was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
